/** The status and onboarding status of a legal entity as chips (the list and the details). */
import type { PlLegalEntity } from '@fiscus/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { onboardingStatusOf, type OnboardingStatusLabel } from '../model/onboarding-status';

const statusColours = {
  pending: 'warning',
  active: 'success',
  blocked: 'error',
} as const satisfies Record<PlLegalEntity['status'], 'warning' | 'success' | 'error'>;

const onboardingColours = {
  initialized: 'default',
  started: 'info',
  expired: 'warning',
  waiting: 'info',
  completed: 'success',
  error: 'error',
} as const satisfies Record<
  OnboardingStatusLabel,
  'default' | 'info' | 'warning' | 'success' | 'error'
>;

export function StatusChip({ status }: { status: PlLegalEntity['status'] }) {
  const { t } = useTranslation('plLegalEntities');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColours[status]}
      label={t(`statuses.${status}`)}
    />
  );
}

export function OnboardingChip({ entity }: { entity: PlLegalEntity }) {
  const { t } = useTranslation('plLegalEntities');
  const label = onboardingStatusOf(entity);
  if (label === null) {
    return <Chip size="small" variant="outlined" label={t('onboardingStatuses.none')} />;
  }
  return (
    <Chip
      size="small"
      variant={label === 'completed' ? 'filled' : 'outlined'}
      color={onboardingColours[label]}
      label={t(`onboardingStatuses.${label}`)}
    />
  );
}
