/**
 * A suggested match to settle (`?dialogId=match&dialog_transactionId=…`, issue 36): the
 * transaction and its candidate invoices, best first, with number, date, open amount, buyer,
 * confidence and the matcher's reasons; the user confirms one (`PUT …/match`, the amount given
 * to it the smaller of the transaction's and the invoice's open amount) or rejects the suggestion
 * (`DELETE …/match`).
 */
import type { ObMatchCandidate, ObTransaction } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';
import { formatMoney } from '../../../lib/decimal-amount';
import { clientErrorDetail } from '../../../lib/hydra';
import { currentLanguage } from '../../../lib/i18n';
import { activityQueries, useConfirmMatch, useRejectMatch } from '../api/activity-queries';
import { confirmRequest, percent } from '../model/match';

function Reasons({ reasons }: { reasons: ObMatchCandidate['reasons'] }) {
  const { t } = useTranslation('obBankActivity');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {reasons.map((reason) => {
        const label = t(`reasons.${reason.code}`, { defaultValue: reason.code });
        return (
          <Chip
            key={`${reason.code}:${reason.value ?? ''}`}
            size="small"
            title={reason.code}
            label={reason.value ? `${label}: ${reason.value}` : label}
          />
        );
      })}
    </Stack>
  );
}

export function MatchDialog({
  transaction,
  onClose,
}: {
  transaction: ObTransaction;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBankActivity');
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const candidates = useQuery(activityQueries.candidates(transaction.transactionId));
  const confirm = useConfirmMatch();
  const reject = useRejectMatch();
  const busy = confirm.isPending || reject.isPending;
  const failed = (error: unknown) =>
    enqueueSnackbar(clientErrorDetail(error) || t('errors.generic', { ns: 'common' }), {
      variant: 'error',
    });

  const choose = (candidate: ObMatchCandidate) =>
    confirm.mutate(
      { transactionId: transaction.transactionId, body: confirmRequest(transaction, candidate) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('match.confirmed', { number: candidate.number }), {
            variant: 'success',
          });
          onClose();
        },
        onError: failed,
      },
    );
  const refuse = () =>
    reject.mutate(transaction.transactionId, {
      onSuccess: () => {
        enqueueSnackbar(t('match.rejected'), { variant: 'success' });
        onClose();
      },
      onError: failed,
    });

  const rows = candidates.data?.items ?? [];
  return (
    <DialogFrame open title={t('match.title')} onClose={onClose} maxWidth="md">
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {t('match.transaction', {
            date: transaction.madeOn,
            amount: formatMoney(transaction.amount, language, transaction.currencyCode),
            description: transaction.description,
          })}
        </Typography>
        {candidates.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('match.loading')} />
          </Box>
        ) : candidates.isError ? (
          <Alert severity="error">{t('table.error', { ns: 'listKit' })}</Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{t('match.noCandidates')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('match.candidates')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('match.fields.number')}</TableCell>
                  <TableCell>{t('match.fields.date')}</TableCell>
                  <TableCell align="right">{t('match.fields.openAmount')}</TableCell>
                  <TableCell>{t('match.fields.buyerName')}</TableCell>
                  <TableCell align="right">{t('match.fields.confidence')}</TableCell>
                  <TableCell>{t('match.fields.reasons')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((candidate) => (
                  <TableRow key={candidate.uuid}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{candidate.number}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{candidate.date}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(candidate.openAmount, language, candidate.currencyCode)}
                    </TableCell>
                    <TableCell>{candidate.buyerName}</TableCell>
                    <TableCell align="right">{`${percent(candidate.confidence)}%`}</TableCell>
                    <TableCell>
                      <Reasons reasons={candidate.reasons} />
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busy}
                        aria-label={t('match.confirmInvoice', { number: candidate.number })}
                        data-testid={`ob-confirm-match-${candidate.uuid}`}
                        onClick={() => choose(candidate)}
                      >
                        {t('match.confirm')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.close')}
        </Button>
        <Button
          color="error"
          onClick={refuse}
          loading={reject.isPending}
          disabled={busy}
          data-testid="ob-reject-match"
        >
          {t('match.reject')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
