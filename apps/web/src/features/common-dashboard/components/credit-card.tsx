import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatListDate } from '../../../components/list-kit';
import { formatMoney, percentOf } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { preSaleQueries } from '../api/dashboard-queries';
import { currentPreSale } from '../api/consumption-series';

export function CreditCard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const preSales = useQuery(preSaleQueries.list());
  const language = currentLanguage();
  const preSale = preSales.data ? currentPreSale(preSales.data.items) : null;

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={t('credit.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {preSales.isPending ? <Skeleton variant="rounded" height={140} /> : null}
        {preSales.isError ? (
          <Alert severity="error">{t('errors.generic', { ns: 'common' })}</Alert>
        ) : null}
        {preSales.data && !preSale ? (
          <Typography color="text.secondary">{t('credit.none')}</Typography>
        ) : null}
        {preSale ? (
          <Stack spacing={2}>
            <div>
              <Typography variant="caption" color="text.secondary">
                {t('credit.available')}
              </Typography>
              <Typography
                data-testid="credit-available"
                sx={{ fontSize: 36, fontWeight: 700, letterSpacing: '-0.02em' }}
              >
                {formatMoney(preSale.current_credit_available, language)}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={percentOf(
                  preSale.current_credit_available,
                  preSale.current_credit_purchased,
                )}
                aria-label={t('credit.available')}
                sx={{ mt: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('credit.ofPurchased', {
                  amount: formatMoney(preSale.current_credit_purchased, language),
                  // The console's one date format (dd MMM yyyy), as every other screen.
                  date: formatListDate(preSale.current_credit_purchased_at, language),
                })}
              </Typography>
            </div>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('credit.invoicesSent')}
                </Typography>
                <Typography variant="h6" component="p" data-testid="credit-invoices-sent">
                  {preSale.invoices_sent.toLocaleString(language)}
                </Typography>
              </div>
              <div>
                <Typography variant="caption" color="text.secondary">
                  {t('credit.invoicesReceived')}
                </Typography>
                <Typography variant="h6" component="p" data-testid="credit-invoices-received">
                  {preSale.invoices_received.toLocaleString(language)}
                </Typography>
              </div>
            </Box>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
