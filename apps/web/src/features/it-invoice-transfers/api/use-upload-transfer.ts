/**
 * The upload of the import dialog (spec 7 "Transfer service"): `POST /api/transfer/it/upload`
 * with the file in base64, project 'it' and the path; the transfers lists and the folder tree
 * are read again, since the file and its folders are new.
 */
import type { TransferUpload, TransferUploaded } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { transferQueries, TRANSFER_PROJECT } from './transfer-queries';

export function useUploadTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferUpload) =>
      apiFetch<TransferUploaded>('transfer', `/${TRANSFER_PROJECT}/upload`, {
        method: 'POST',
        json: body,
        as: 'json',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferQueries.all() }),
  });
}
