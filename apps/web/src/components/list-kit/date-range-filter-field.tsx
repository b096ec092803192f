import EventIcon from '@mui/icons-material/Event';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_PRESETS,
  MIN_FILTER_YEAR,
  datePresetRange,
  dayEndBound,
  dayStartBound,
} from './date-presets';

const MIN_DATE = dayjs(`${MIN_FILTER_YEAR}-01-01`);

function parseBound(value: string): Dayjs | null {
  if (value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

interface DateRangeFilterFieldProps {
  label: string;
  /** Lower bound as sent to the API (day-start with offset), or ''. */
  from: string;
  /** Upper bound as sent to the API (day-end with offset), or ''. */
  to: string;
  disabled?: boolean;
  onChange: (from: string, to: string) => void;
}

/**
 * Two date pickers and a presets menu. The values kept in the filter state (and the URL) are
 * already the API bounds: day-start and day-end in the browser's zone with the offset written
 * out, so what the user saw is exactly what the server filters on. Needs the app's
 * `LocalizationProvider` (dayjs adapter) above it.
 */
export function DateRangeFilterField({
  label,
  from,
  to,
  disabled,
  onChange,
}: DateRangeFilterFieldProps) {
  const { t } = useTranslation('listKit');
  const [presetAnchor, setPresetAnchor] = useState<HTMLElement | null>(null);
  // A day before the minimum year is not applied, but stays on screen with a message saying why.
  const [tooEarly, setTooEarly] = useState<{ from: Dayjs | null; to: Dayjs | null }>({
    from: null,
    to: null,
  });
  const fromDay = parseBound(from);
  const toDay = parseBound(to);

  const accept = (side: 'from' | 'to', day: Dayjs | null, bound: (day: Dayjs) => string) => {
    const early = day !== null && day.isValid() && day.year() < MIN_FILTER_YEAR;
    setTooEarly((current) => ({ ...current, [side]: early ? day : null }));
    return day && day.isValid() && !early ? bound(day) : '';
  };
  const tooEarlyMessage = t('dateRange.beforeMinimum', { year: MIN_FILTER_YEAR });
  const fieldProps = (early: Dayjs | null) => ({
    size: 'small' as const,
    fullWidth: true,
    ...(early ? { error: true, helperText: tooEarlyMessage } : {}),
  });

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: tooEarly.from || tooEarly.to ? 'flex-start' : 'center' }}
    >
      <DatePicker
        label={t('dateRange.from', { label })}
        value={tooEarly.from ?? fromDay}
        minDate={MIN_DATE}
        maxDate={toDay ?? undefined}
        disabled={disabled}
        format="DD/MM/YYYY"
        onChange={(day) => onChange(accept('from', day, dayStartBound), to)}
        slotProps={{ textField: fieldProps(tooEarly.from) }}
      />
      <DatePicker
        label={t('dateRange.to', { label })}
        value={tooEarly.to ?? toDay}
        minDate={fromDay ?? MIN_DATE}
        disabled={disabled}
        format="DD/MM/YYYY"
        onChange={(day) => onChange(from, accept('to', day, dayEndBound))}
        slotProps={{ textField: fieldProps(tooEarly.to) }}
      />
      {/* An icon, so the two dates keep room for their labels in every language. */}
      <Tooltip title={t('dateRange.presets')}>
        <span>
          <IconButton
            size="small"
            color="primary"
            disabled={disabled}
            aria-label={t('dateRange.presets')}
            aria-haspopup="menu"
            onClick={(event) => setPresetAnchor(event.currentTarget)}
          >
            <EventIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        anchorEl={presetAnchor}
        open={presetAnchor !== null}
        onClose={() => setPresetAnchor(null)}
      >
        {DATE_PRESETS.map((preset) => (
          <MenuItem
            key={preset}
            onClick={() => {
              const range = datePresetRange(preset, dayjs());
              setTooEarly({ from: null, to: null });
              onChange(dayStartBound(range.from), dayEndBound(range.to));
              setPresetAnchor(null);
            }}
          >
            {t(`dateRange.preset.${preset}`)}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setTooEarly({ from: null, to: null });
            onChange('', '');
            setPresetAnchor(null);
          }}
        >
          {t('dateRange.clear')}
        </MenuItem>
      </Menu>
    </Stack>
  );
}
