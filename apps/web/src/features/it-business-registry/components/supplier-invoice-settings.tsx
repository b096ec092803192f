/**
 * The supplier-invoice settings box of the business registry page (spec 2.6): accept only
 * verified supplier invoices. Shown only when the user's recipient code is set and is not one of
 * the SDI's two special codes (`model/supplier-settings.ts`).
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { clientErrorDetail } from '../../../lib/hydra';
import { supplierSettingsQueries } from '../api/registry-queries';
import { useAcceptOnlyVerified } from '../api/registry-mutations';
import { showsSupplierInvoiceSettings } from '../model/supplier-settings';

export function SupplierInvoiceSettings() {
  const { t } = useTranslation('businessRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const recipientCode = useQuery(supplierSettingsQueries.recipientCode());
  const shown = showsSupplierInvoiceSettings(recipientCode.data?.recipient_code);
  const settings = useQuery({ ...supplierSettingsQueries.settings(), enabled: shown });
  const change = useAcceptOnlyVerified();
  if (!shown || !settings.data) return null;

  const toggle = (accept: boolean) =>
    change.mutate(accept, {
      onSuccess: () => enqueueSnackbar(t('supplierSettings.saved'), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(clientErrorDetail(error) || t('messages.saveError'), { variant: 'error' }),
    });

  return (
    <Card component="section" aria-labelledby="supplier-invoice-settings" sx={{ mt: 3 }}>
      <CardHeader
        id="supplier-invoice-settings"
        title={t('supplierSettings.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <FormControlLabel
          label={t('supplierSettings.acceptOnlyVerified')}
          disabled={change.isPending}
          control={
            <Switch
              checked={settings.data.accept_only_verified_supplier_invoices}
              onChange={(event) => toggle(event.target.checked)}
            />
          }
        />
        <Typography variant="body2" color="text.secondary">
          {t('supplierSettings.hint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
