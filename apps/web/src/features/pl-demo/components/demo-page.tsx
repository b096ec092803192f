/**
 * `/pl/invoices/demo` (spec "Polish demo page"; admins in the Polish context only, others go to
 * /): the tenant's logo (or the product's) with "Powered by", the sandbox's facts (environment,
 * KSeF API, how long KSeF takes to number and to confirm) in small print, and two tabs kept in
 * the address: the batch and the single invoice.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FiscusLogo } from '../../../components/fiscus-logo';
import { demoQueries } from '../api/demo-queries';
import { BatchTab } from './batch-tab';
import { SingleInvoiceTab } from './single-invoice-tab';

type DemoTab = 'batch' | 'single';
const TAB_PARAM = 'tab';

function DemoHeader() {
  const { t } = useTranslation('plDemo');
  const info = useQuery(demoQueries.info());
  const logoUrl = info.data?.logoUrl ?? null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        {logoUrl ? (
          <Box
            component="img"
            src={logoUrl}
            alt={t('logo.tenant')}
            sx={{ maxHeight: 48, maxWidth: 240, objectFit: 'contain' }}
          />
        ) : (
          <FiscusLogo size={40} />
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            {t('logo.poweredBy')}
          </Typography>
          <FiscusLogo size={20} />
        </Stack>
      </Stack>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      {info.data && (
        <Typography
          variant="caption"
          color="text.secondary"
          aria-label={t('info.label')}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {t('info.text', {
            environment: info.data.environment,
            ksef: info.data.ksefEnvironment,
            url: info.data.ksefApiUrl,
            numberDelay: info.data.numberDelaySeconds,
            upoDelay: info.data.upoDelaySeconds,
            cutoff: info.data.offlineCutoff,
          })}
        </Typography>
      )}
    </Stack>
  );
}

export default function PlDemoPage() {
  const { t } = useTranslation('plDemo');
  const [params, setParams] = useSearchParams();
  const tab: DemoTab = params.get(TAB_PARAM) === 'single' ? 'single' : 'batch';
  const tabsId = useId();
  const choose = (next: DemoTab) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'single') changed.set(TAB_PARAM, 'single');
        else changed.delete(TAB_PARAM);
        return changed;
      },
      { replace: true },
    );
  return (
    <Box>
      <DemoHeader />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: DemoTab) => choose(next)}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          {(['batch', 'single'] as const).map((id) => (
            <Tab
              key={id}
              value={id}
              label={t(`tabs.${id}`)}
              id={`${tabsId}-${id}`}
              aria-controls={`${tabsId}-${id}-panel`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`${tabsId}-${tab}-panel`}
          aria-labelledby={`${tabsId}-${tab}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {tab === 'batch' ? <BatchTab /> : <SingleInvoiceTab />}
        </Box>
      </Paper>
    </Box>
  );
}
