import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../lib/roles';
import { InvoiceForm } from '../../it-invoice-form';
import { invoiceCreateQueries, sendInvoice, validateInvoice } from '../api/invoice-requests';
import { payloadOfInvoice, variantOfInvoice } from '../model/invoice-record';
import { useInvoiceCreatedToast } from './use-invoice-created';

const customerList = '/customer-invoice';

/**
 * `/customer-invoice/{invoiceUuid}/fix` (spec 2 "Fix screen", 4 "Fix mode", 6): the rejected
 * invoice in the form, resent as a new invoice that references it. Anything that makes the fix
 * impossible (no right, not rejected, server says not fixable, unknown uuid) goes back to the list.
 */
export default function FixInvoicePage() {
  const { t } = useTranslation('invoiceCreate');
  const { invoiceUuid = '' } = useParams();
  const access = useCan();
  const mayFix = access.can('it', 'ROLE_FIX_INVOICE') || access.isStripeAccount;
  const invoice = useQuery({ ...invoiceCreateQueries.invoice(invoiceUuid), enabled: mayFix });
  const fixInfo = useQuery({ ...invoiceCreateQueries.fixInfo(invoiceUuid), enabled: mayFix });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toastCreated = useInvoiceCreatedToast();

  if (!mayFix) return <Navigate to={customerList} replace />;
  if (invoice.isPending || fixInfo.isPending) return <PageLoader />;
  const record = invoice.data;
  const initialValue = record ? payloadOfInvoice(record) : undefined;
  if (
    !record ||
    !initialValue ||
    record.type !== 0 ||
    record.marking !== 'rejected' ||
    fixInfo.data?.is_fixable !== true
  ) {
    return <Navigate to={customerList} replace />;
  }
  const variant = variantOfInvoice(record);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {t('fix.title', { number: record.invoiceNumber ?? record.uuid })}
      </Typography>
      <InvoiceForm
        variant={variant}
        mode="fix"
        initialValue={initialValue}
        onValidate={(payload) => validateInvoice({ kind: 'payload', variant, payload })}
        onSubmit={async (payload) => {
          const { uuid } = await sendInvoice(
            { kind: 'payload', variant, payload },
            { fixInvoiceUuid: record.uuid },
          );
          toastCreated(uuid);
          // The fixed invoice is no longer fixable; do not reuse the cached answer.
          await queryClient.invalidateQueries({ queryKey: invoiceCreateQueries.all() });
          await navigate(customerList);
          return { uuid };
        }}
        onCancel={() => void navigate(customerList)}
      />
    </Box>
  );
}
