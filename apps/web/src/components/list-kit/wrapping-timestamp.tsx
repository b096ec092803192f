/**
 * A list timestamp (dd MMM yyyy HH:mm:ss) that may wrap between its date and its time, never
 * inside either, so two timestamp columns fit 1440 px beside the others in Italian and Polish
 * (jobs, transfers). The ISO value is the tooltip.
 */
import Box from '@mui/material/Box';
import { formatListTimestamp } from './timestamp';

const noWrap = { whiteSpace: 'nowrap' } as const;

export function WrappingTimestamp({
  value,
  language,
}: {
  value: string | null | undefined;
  language: string;
}) {
  if (!value) return null;
  const text = formatListTimestamp(value, language);
  const split = text.lastIndexOf(' ');
  return (
    <Box component="span" title={value}>
      <Box component="span" sx={noWrap}>
        {text.slice(0, split)}
      </Box>{' '}
      <Box component="span" sx={noWrap}>
        {text.slice(split + 1)}
      </Box>
    </Box>
  );
}
