/**
 * A transfer's violations as a list of where and what (spec 2): in the violations dialog, and
 * folded under a toggle in the details dialog. What is in the user's language (the check's own
 * sentence in it, en and pl, else its code), where is the invoice form's labels (the JSON path the
 * check named stays as the row's tooltip); a violation stored before either shows as written.
 */
import type { TransferViolation } from '@fiscus/contracts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { violationMessage } from '../../../lib/hydra';
import { translateViolation } from '../../../lib/validation-messages';
import { LOCATION_NAMESPACES, violationLocation } from '../../../lib/invoice-location';

export function ViolationsList({ violations }: { violations: readonly TransferViolation[] }) {
  const { t, i18n } = useTranslation(['invoiceTransfers', ...LOCATION_NAMESPACES]);
  return (
    <List dense disablePadding aria-label={t('violations.title')}>
      {violations.map((violation, index) => (
        <ListItem
          key={`${index}-${violation.propertyPath}`}
          disableGutters
          divider
          title={violation.propertyPath || undefined}
        >
          <ListItemText
            primary={
              translateViolation(i18n, violation) ?? violationMessage(violation, i18n.language)
            }
            secondary={violationLocation(i18n, violation.propertyPath) ?? t('violations.wholeFile')}
            slotProps={{
              primary: { sx: { overflowWrap: 'anywhere' } },
              secondary: { sx: { overflowWrap: 'anywhere' } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
