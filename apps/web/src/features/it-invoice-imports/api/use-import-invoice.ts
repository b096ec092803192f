import type { CustomerInvoiceImport, SupplierInvoiceImport } from '@fiscus/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * The import calls. They do not invalidate the invoice lists: those belong to other features,
 * which refresh through the dialogs' `onImported` callback.
 */
export function useImportCustomerInvoice() {
  return useMutation({
    mutationFn: (body: CustomerInvoiceImport) =>
      apiFetch<{ uuid: string }>('it', '/customer-invoice-imports', { method: 'POST', json: body }),
  });
}

export function useImportSupplierInvoice() {
  return useMutation({
    mutationFn: (body: SupplierInvoiceImport) =>
      apiFetch<{ uuid: string }>('it', '/supplier-invoice-imports', { method: 'POST', json: body }),
  });
}
