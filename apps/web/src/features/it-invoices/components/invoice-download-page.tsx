import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { apiFetch } from '../../../lib/api-client';
import { invoicePath, invoiceQueries } from '../api/invoice-queries';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';
import { invoiceDialogHref } from './invoice-dialog-link';

const ACCEPT = { pdf: 'application/pdf', xml: 'application/xml' } as const;

/**
 * `/customer-invoice/{uuid}/download-pdf|xml` (spec 2): downloads the file, then shows the
 * customer list with the invoice's dialog on info. A failure is thrown to the route's error
 * page, which counts down and leaves (spec 8).
 */
export default function InvoiceDownloadPage() {
  const { uuid = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const format = pathname.endsWith('/download-pdf') ? 'pdf' : 'xml';
  const file = useQuery({
    queryKey: [...invoiceQueries.detailKey(uuid), 'file', format] as const,
    queryFn: async ({ signal }) => {
      const response = await apiFetch<Response>('it', invoicePath(uuid), {
        headers: { Accept: ACCEPT[format] },
        as: 'response',
        signal,
      });
      const name = attachmentFileName(response, `${uuid}.${format}`);
      return { blob: await response.blob(), name };
    },
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
  // Development double-runs effects; one visit must save one file.
  const saved = useRef(false);

  useEffect(() => {
    if (!file.data || saved.current) return;
    saved.current = true;
    saveBlob(file.data.blob, file.data.name);
    void navigate(invoiceDialogHref(uuid, 'info'), { replace: true });
  }, [file.data, navigate, uuid]);

  if (file.isError) throw file.error;
  return <PageLoader />;
}
