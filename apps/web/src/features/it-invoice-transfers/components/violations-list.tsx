/**
 * A transfer's violations as a list of property path and message (spec 2): in the violations
 * dialog, and folded under a toggle in the details dialog.
 */
import type { TransferViolation } from '@fiscus/contracts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';

export function ViolationsList({ violations }: { violations: readonly TransferViolation[] }) {
  const { t } = useTranslation('invoiceTransfers');
  return (
    <List dense disablePadding aria-label={t('violations.title')}>
      {violations.map((violation, index) => (
        <ListItem key={`${index}-${violation.propertyPath}`} disableGutters divider>
          <ListItemText
            primary={violation.message}
            secondary={violation.propertyPath || t('violations.wholeFile')}
            slotProps={{
              primary: { sx: { overflowWrap: 'anywhere' } },
              secondary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
