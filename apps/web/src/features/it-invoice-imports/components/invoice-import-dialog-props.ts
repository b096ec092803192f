/** What the invoice list pages pass to either import dialog. */
export interface InvoiceImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new invoice's uuid after a successful import (refresh the list here). */
  onImported?: (uuid: string) => void;
}
