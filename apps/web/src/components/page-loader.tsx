import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Spinner for a page or panel whose data or code is still on its way. */
export function PageLoader({ minHeight = '60vh' }: { minHeight?: number | string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
