import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Spinner for a page or panel whose data or code is still on its way. */
export function PageLoader({ minHeight = '60vh' }: { minHeight?: number | string }) {
  // A fallback must never suspend itself (it is what Suspense shows while a language loads).
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
