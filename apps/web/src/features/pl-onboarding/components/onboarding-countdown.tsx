/**
 * The countdown to the onboarding's deadline (spec: "a countdown timer mm:ss to the auth-flow
 * deadline, ticking every second"; "when the deadline has passed a session-expired text
 * appears"), with the deadline's time and zone spelled out under it.
 */
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatConsoleDate } from '../../../components/list-kit/timestamp';
import { formatCountdown } from '../model/onboarding-flow';
import { usePolish } from './use-polish';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function OnboardingCountdown({ deadline, left }: { deadline: string; left: number }) {
  const { t } = usePolish();
  if (left === 0) {
    return (
      <Typography role="alert" color="error" sx={{ fontWeight: 600 }}>
        {t('countdown.expired')}
      </Typography>
    );
  }
  const time = formatConsoleDate(deadline, 'pl', 'seconds').split(' ').at(-1) ?? '';
  return (
    <Box sx={{ textAlign: { sm: 'right' } }}>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <TimerOutlinedIcon color="primary" aria-hidden />
        <Typography component="span" color="text.secondary">
          {t('countdown.label')}
        </Typography>
        <Typography
          component="span"
          role="timer"
          aria-label={t('countdown.label')}
          sx={{ fontSize: 28, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCountdown(left)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('countdown.deadline', { time, zone: timeZone })}
      </Typography>
    </Box>
  );
}
