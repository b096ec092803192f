/**
 * The Peppol dashboard's panel (account spec 2.8 for Peppol's and Belgium's menus): this year's
 * documents of the menu's domain, month by month, sent and received, with the sent ones the
 * network refused, and the year's totals. Composed into `/dashboard` by `app/pages`.
 */
import type { PeppolStatistics } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { peppolApiPath, type PeppolDomain } from '../../../lib/peppol-domain';

const OUTGOING = '#1d4ed8';
const INCOMING = '#0f766e';
const FAILED = '#b91c1c';

function monthLabels(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2026, index, 1)));
}

export function PeppolStatisticsPanel({ domain }: { domain: PeppolDomain }) {
  const { t } = useTranslation('peppolDocuments');
  const language = currentLanguage();
  const statistics = useQuery({
    queryKey: ['peppol-documents', 'statistics', domain] as const,
    queryFn: ({ signal }) =>
      apiFetch<PeppolStatistics>('peppol', peppolApiPath(domain, '/statistics'), {
        signal,
        as: 'json',
        headers: { Accept: 'application/json' },
      }),
  });
  if (statistics.isError) return null;
  const months = statistics.data?.months ?? [];
  const total = (field: 'outgoing' | 'incoming' | 'failed') =>
    months.reduce((sum, month) => sum + month[field], 0);
  return (
    <Card variant="outlined">
      <CardHeader
        title={t(`statistics.title.${domain}`, { year: statistics.data?.year ?? '' })}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        {!statistics.data ? (
          <Skeleton variant="rectangular" height={260} aria-label={t('statistics.loading')} />
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
              {(['outgoing', 'incoming', 'failed'] as const).map((field) => (
                <Box key={field} data-testid={`peppol-stats-${field}`}>
                  <Typography variant="body2" color="text.secondary">
                    {t(`statistics.series.${field}`)}
                  </Typography>
                  <Typography variant="h5" component="p">
                    {total(field).toLocaleString(language)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: monthLabels(language) }]}
              yAxis={[{ width: 40, tickMinStep: 1 }]}
              series={[
                {
                  data: months.map((month) => month.outgoing),
                  label: t('statistics.series.outgoing'),
                  color: OUTGOING,
                },
                {
                  data: months.map((month) => month.incoming),
                  label: t('statistics.series.incoming'),
                  color: INCOMING,
                },
                {
                  data: months.map((month) => month.failed),
                  label: t('statistics.series.failed'),
                  color: FAILED,
                },
              ]}
              margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
