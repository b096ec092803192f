import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatListDate } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { LOCATION_NAMESPACES, invoiceViolationLine } from '../../../lib/invoice-location';
import type { BulkEntry, BulkMode } from '../model/bulk-state';

const statusIcons = {
  success: <CheckCircleIcon sx={{ color: 'success.main' }} />,
  error: <ErrorIcon sx={{ color: 'error.main' }} />,
  undefined: <HelpIcon sx={{ color: 'warning.main' }} />,
} as const;

/** Title of a failed row per spec 8 "Bulk": validation error, blocked draft or generic. */
function errorTitleKey(entry: BulkEntry): string {
  if (entry.status === 'undefined') return 'bulk.notFound';
  if (entry.draftBlocked) return 'bulk.draftBlocked';
  if (entry.violationError) return 'bulk.validationError';
  return 'bulk.genericError';
}

/**
 * The bulk progress dialog (spec 2 "Drafts page"): a bar with 'n of total' and one expandable row
 * per draft with its status icon; failed rows offer 'fix', which opens the edit dialog.
 */
export function BulkProgressDialog({
  mode,
  total,
  entries,
  running,
  onFix,
  onUnblock,
  onClose,
}: {
  mode: BulkMode;
  total: number;
  entries: BulkEntry[];
  running: boolean;
  onFix: (uuid: string) => void;
  /** Lifts the block of a draft whose send was refused as blocked. */
  onUnblock: (uuid: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['drafts', ...LOCATION_NAMESPACES]);
  const titleId = useId();
  const language = currentLanguage();
  const done = entries.length;
  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t(`bulk.title.${mode}`)}</DialogTitle>
      <DialogContent>
        <LinearProgress
          variant="determinate"
          value={total === 0 ? 100 : (done / total) * 100}
          aria-label={t('bulk.progress', { done, total })}
        />
        <Typography sx={{ my: 1 }}>{t('bulk.progress', { done, total })}</Typography>
        {entries.map((entry) => (
          <Accordion key={entry.uuid} disableGutters data-status={entry.status}>
            {/* 'Fix' sits beside the row's toggle, not inside it: a button in a button is
                neither valid nor reachable by keyboard on its own. */}
            <Box sx={{ display: 'flex', alignItems: 'center', pr: 2 }}>
              <AccordionSummary
                sx={{ flexGrow: 1, minWidth: 0 }}
                aria-label={t('bulk.row', { number: entry.invoiceNumber ?? entry.uuid })}
              >
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
                  <span role="img" aria-label={t(`bulk.status.${entry.status}`)}>
                    {statusIcons[entry.status]}
                  </span>
                  <Typography sx={{ minWidth: 120 }}>{entry.invoiceNumber ?? '—'}</Typography>
                  <Typography sx={{ minWidth: 100 }}>
                    {entry.invoiceDate ? formatListDate(entry.invoiceDate, language) : '—'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {entry.uuid}
                  </Typography>
                </Stack>
              </AccordionSummary>
              {entry.status !== 'success' && mode !== 'delete' && (
                <Button size="small" onClick={() => onFix(entry.uuid)}>
                  {t('bulk.fix')}
                </Button>
              )}
            </Box>
            <AccordionDetails>
              {entry.status === 'success' ? (
                <Typography>
                  {t(`bulk.success.${mode === 'delete' ? 'delete' : 'send'}`)}
                </Typography>
              ) : (
                <>
                  <Typography sx={{ fontWeight: 600 }}>{t(errorTitleKey(entry))}</Typography>
                  {entry.draftBlocked ? (
                    // The server's 'draft send error blocked' is not for users: say how instead.
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <Typography>{t('bulk.draftBlockedHow')}</Typography>
                      {mode !== 'delete' && (
                        <Button size="small" onClick={() => onUnblock(entry.uuid)}>
                          {t('actions.unblock')}
                        </Button>
                      )}
                    </Stack>
                  ) : (
                    // The server's detail is its violations in English: they are listed below.
                    entry.violations.length === 0 && <Typography>{entry.message}</Typography>
                  )}
                  {entry.violations.map((violation) => (
                    <Typography
                      key={`${violation.propertyPath}:${violation.message}`}
                      variant="body2"
                      title={violation.propertyPath || undefined}
                    >
                      {invoiceViolationLine(i18n, violation)}
                    </Typography>
                  ))}
                </>
              )}
            </AccordionDetails>
          </Accordion>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
