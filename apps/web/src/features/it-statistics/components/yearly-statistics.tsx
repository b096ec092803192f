import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/roles';
import { statsQueries } from '../api/stats-queries';
import { canSeeStatisticsCosts } from '../model/statistics-access';
import {
  monthlyStatistics,
  NOTIFICATION_TYPES,
  notificationTotal,
  statisticsYears,
} from '../model/stats-series';
import type { ChartAmount, MonthlyStatistics } from '../model/stats-series';

/** Query parameter holding the chosen year, so a reload or a shared link keeps it. */
export const STATS_YEAR_PARAM = 'statsYear';

/** Spec 4: RC green, MC orange, NS red, the other notifications neutral. */
const notificationColours = {
  rc: '#2e7d32',
  mc: '#ed6c02',
  ns: '#d32f2f',
  ne: '#455a64',
  dt: '#78909c',
  at: '#b0bec5',
} as const;
const CUSTOMER_COLOUR = '#1d4ed8';
const SUPPLIER_COLOUR = '#0f766e';

function monthLabels(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_unused, index) =>
    format.format(new Date(Date.UTC(2000, index, 1))),
  );
}

function SummaryTile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function StatisticsCharts({ data, showCosts }: { data: MonthlyStatistics; showCosts: boolean }) {
  const { t } = useTranslation('statistics');
  const language = currentLanguage();
  const labels = monthLabels(language);
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  const costSeries = (amounts: ChartAmount[], label: string, color: string) => ({
    data: amounts.map((amount) => amount.plotted),
    label,
    color,
    valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) =>
      formatMoney(amounts[dataIndex]?.exact ?? '0', language),
  });
  const totals = data.totals;

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 3,
          gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${showCosts ? 5 : 3}, 1fr)` },
        }}
      >
        <SummaryTile
          testId="stats-customer-count"
          label={t('totals.customerInvoices')}
          value={totals.customer_invoices.count.toLocaleString(language)}
        />
        <SummaryTile
          testId="stats-supplier-count"
          label={t('totals.supplierInvoices')}
          value={totals.supplier_invoice.count.toLocaleString(language)}
        />
        {showCosts && (
          <SummaryTile
            testId="stats-customer-cost"
            label={t('totals.customerCost')}
            value={formatMoney(totals.customer_invoices.cost, language)}
          />
        )}
        {showCosts && (
          <SummaryTile
            testId="stats-supplier-cost"
            label={t('totals.supplierCost')}
            value={formatMoney(totals.supplier_invoice.cost, language)}
          />
        )}
        <SummaryTile
          testId="stats-notification-count"
          label={t('totals.notifications')}
          value={notificationTotal(totals.notifications).toLocaleString(language)}
        />
      </Box>
      {data.isEmpty ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: showCosts ? 6 : 12 }}>
            <ChartCard title={t('charts.invoices')}>
              <BarChart
                height={260}
                xAxis={xAxis}
                yAxis={[{ width: 40, tickMinStep: 1 }]}
                series={[
                  {
                    data: data.customerCounts,
                    label: t('series.customer'),
                    color: CUSTOMER_COLOUR,
                  },
                  {
                    data: data.supplierCounts,
                    label: t('series.supplier'),
                    color: SUPPLIER_COLOUR,
                  },
                ]}
                margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
              />
            </ChartCard>
          </Grid>
          {showCosts && (
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard title={t('charts.costs')}>
                <BarChart
                  height={260}
                  xAxis={xAxis}
                  yAxis={[
                    {
                      width: 72,
                      valueFormatter: (value: number) => formatMoney(value.toFixed(2), language),
                    },
                  ]}
                  series={[
                    costSeries(data.customerCosts, t('series.customer'), CUSTOMER_COLOUR),
                    costSeries(data.supplierCosts, t('series.supplier'), SUPPLIER_COLOUR),
                  ]}
                  margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
                />
              </ChartCard>
            </Grid>
          )}
          <Grid size={12}>
            <ChartCard title={t('charts.notifications')}>
              <BarChart
                height={280}
                xAxis={xAxis}
                yAxis={[{ width: 40, tickMinStep: 1 }]}
                series={NOTIFICATION_TYPES.map((type) => ({
                  data: data.notifications[type],
                  label: t(`notificationTypes.${type}`),
                  color: notificationColours[type],
                  stack: 'notifications',
                }))}
                margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
              />
            </ChartCard>
          </Grid>
        </Grid>
      )}
    </>
  );
}

interface YearlyStatisticsProps {
  /** Restricts the figures to one business registry (the statistics dialog of spec 2.8). */
  fiscalId?: string;
  /** `new Date()` unless a test pins the clock. */
  now?: Date;
}

/**
 * Yearly invoice statistics (spec 2.8): invoice counts and costs, notifications by type, month
 * by month, for a year from the current one back to 2020. ROLE_NO_COSTS hides the costs.
 */
export function YearlyStatistics({ fiscalId, now }: YearlyStatisticsProps) {
  const { t } = useTranslation(['statistics', 'common']);
  const access = useCan();
  const showCosts = canSeeStatisticsCosts(access);
  // The business's year is Italian: the year changes at midnight in Rome, like the API's months.
  const currentYear = Number(
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Rome' }).format(
      now ?? new Date(),
    ),
  );
  const years = statisticsYears(currentYear);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get(STATS_YEAR_PARAM));
  const year = years.includes(requested) ? requested : currentYear;
  const stats = useQuery({
    ...statsQueries.yearly(year, fiscalId),
    placeholderData: keepPreviousData,
  });

  const chooseYear = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === currentYear) params.delete(STATS_YEAR_PARAM);
        else params.set(STATS_YEAR_PARAM, String(next));
        return params;
      },
      { replace: true },
    );

  return (
    <Card>
      <CardHeader
        title={t('title')}
        subheader={fiscalId ? t('subtitleFor', { fiscalId }) : t('subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <TextField
            select
            size="small"
            label={t('year')}
            value={year}
            onChange={(event) => chooseYear(Number(event.target.value))}
            sx={{ minWidth: 120 }}
          >
            {years.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <CardContent>
        {stats.isPending ? <Skeleton variant="rounded" height={320} /> : null}
        {stats.isError ? (
          <Alert severity="error">{t('errors.generic', { ns: 'common' })}</Alert>
        ) : null}
        {stats.data ? (
          <StatisticsCharts data={monthlyStatistics(stats.data)} showCosts={showCosts} />
        ) : null}
      </CardContent>
    </Card>
  );
}
