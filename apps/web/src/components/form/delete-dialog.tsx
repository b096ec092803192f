/**
 * Deleting one record, in one declaration: asks with the item's name in the message, runs the
 * delete, says so in a snackbar (the server's 4xx detail or the feature's error text on failure)
 * and closes either way.
 *
 *   <DeleteDialog title={t('delete.title')} message={t('delete.message', { email })}
 *     onDelete={() => remove.mutateAsync(email)} successMessage={t('messages.deleted')}
 *     errorMessage={t('delete_error')} onClose={onClose} />
 */
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { clientErrorDetail } from '../../lib/hydra';
import { ConfirmDialog } from './confirm-dialog';

export interface DeleteDialogProps {
  title: ReactNode;
  /** The question, naming the item. */
  message: ReactNode;
  /** The delete itself (a mutation's `mutateAsync`). */
  onDelete: () => Promise<unknown>;
  successMessage: string;
  /** The failure's snackbar when the server gave no detail (or always, with `fixedError`). */
  errorMessage: string;
  /** Show `errorMessage` even when the server explained the refusal. */
  fixedError?: boolean;
  /** The confirming button's label when the action is not a plain delete. */
  confirmLabel?: string;
  onClose: () => void;
}

export function DeleteDialog({
  title,
  message,
  onDelete,
  successMessage,
  errorMessage,
  fixedError = false,
  confirmLabel,
  onClose,
}: DeleteDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onDelete();
      enqueueSnackbar(successMessage, { variant: 'success' });
    } catch (error) {
      const detail = fixedError ? '' : clientErrorDetail(error);
      enqueueSnackbar(detail || errorMessage, { variant: 'error' });
    } finally {
      setPending(false);
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title={title}
      message={message}
      isPending={pending}
      {...(confirmLabel ? { confirmLabel } : {})}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
