import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatMoney, sumAmounts } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { consumptionQueries } from '../api/dashboard-queries';
import { consumptionSeries } from '../api/consumption-series';

export function ConsumptionCard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const consumptions = useQuery(consumptionQueries.list());
  const language = currentLanguage();
  const series = consumptions.data ? consumptionSeries(consumptions.data.items) : [];
  const labels = series.map((entry) =>
    dayjs(new Date(entry.year, entry.month - 1, 1))
      .locale(language)
      .format('MMM YY'),
  );

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={t('consumption.title')}
        subheader={
          consumptions.data ? (
            <span data-testid="consumption-total">
              {t('consumption.total', {
                amount: formatMoney(sumAmounts(series.map((entry) => entry.total)), language),
              })}
            </span>
          ) : (
            t('consumption.subtitle')
          )
        }
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {consumptions.isPending ? <Skeleton variant="rounded" height={260} /> : null}
        {consumptions.isError ? (
          <Alert severity="error">{t('errors.generic', { ns: 'common' })}</Alert>
        ) : null}
        {consumptions.data && series.length === 0 ? (
          <Typography color="text.secondary">{t('consumption.none')}</Typography>
        ) : null}
        {series.length > 0 ? (
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[
              {
                width: 64,
                valueFormatter: (value: number) => formatMoney(value.toFixed(2), language),
              },
            ]}
            series={[
              {
                // The chart needs numbers to draw bars; labels and totals use the exact strings.
                data: series.map((entry) => Number(entry.total)),
                label: t('consumption.series'),
                color: '#1d4ed8',
                valueFormatter: (_value, { dataIndex }) =>
                  formatMoney(series[dataIndex]?.total ?? '0', language),
              },
            ]}
            hideLegend
            margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
            aria-label={t('consumption.title')}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
