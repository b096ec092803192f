/**
 * `/gov-pl/invoices/{invoiceUuid}` (spec 2 "Invoice page", authenticated): the invoice page with
 * the account's access, no code needed; a link back to the list of its direction.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { ACCOUNT_ACCESS } from '../model/invoice-access';
import { INVOICE_LIST_PATHS } from '../model/invoice-paths';
import { InvoiceView } from './invoice-view';

export default function InvoicePage() {
  const { invoiceUuid = '' } = useParams();
  const { t } = useTranslation('plInvoiceView');
  return (
    <InvoiceView
      key={invoiceUuid}
      uuid={invoiceUuid}
      access={ACCOUNT_ACCESS}
      language={currentLanguage()}
      actions={(invoice) => (
        <Button
          component={RouterLink}
          to={INVOICE_LIST_PATHS[invoice.direction]}
          startIcon={<ArrowBackIcon />}
        >
          {t(`backTo.${invoice.direction}`)}
        </Button>
      )}
    />
  );
}
