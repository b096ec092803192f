/**
 * A legal entity's receiving check (issue 34: "a one-click receiving check per legal entity:
 * lookup, SMP registration, capabilities and a test self-send, each step with its evidence, so a
 * user sees why a partner cannot reach them"): each step the API ran, passed or failed with its
 * problem in words, and the evidence the network shows (host names, addresses, the signature);
 * the steps after a failed one are listed as not run. Run again with one click.
 */
import type { PeppolReceivingCheckStep } from '@fiscus/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailsDialog } from '../../../components/list-kit';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { legalEntityQueries } from '../api/legal-entity-queries';

/** The steps in the order the API runs them (the contract's own list carries zod). */
const STEPS: readonly PeppolReceivingCheckStep[] = [
  'identifier',
  'sml',
  'smp',
  'capabilities',
  'selfSend',
];

export function ReceivingCheckDialog({
  domain,
  uuid,
  onClose,
}: {
  domain: PeppolDomain;
  uuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('peppolLegalEntities');
  const check = useQuery(legalEntityQueries.receivingCheck(domain, uuid));
  const ran = new Map((check.data?.steps ?? []).map((step) => [step.step, step]));
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t('receivingCheck.title')}
      isLoading={check.isPending}
      isError={check.isError}
      maxWidth="md"
    >
      {check.data && (
        <>
          <Alert severity={check.data.ok ? 'success' : 'error'} sx={{ mb: 1 }}>
            {t(check.data.ok ? 'receivingCheck.reachable' : 'receivingCheck.unreachable', {
              participant: check.data.participant,
            })}
          </Alert>
          <List dense aria-label={t('receivingCheck.steps')}>
            {STEPS.map((id) => {
              const step = ran.get(id);
              const icon = !step ? (
                <RadioButtonUncheckedIcon color="disabled" />
              ) : step.ok ? (
                <CheckCircleIcon color="success" />
              ) : (
                <CancelIcon color="error" />
              );
              return (
                <ListItem key={id} alignItems="flex-start" disableGutters>
                  <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>{icon}</ListItemIcon>
                  <ListItemText
                    primary={t(`receivingCheck.stepNames.${id}`)}
                    secondary={
                      <Box component="span" sx={{ display: 'block' }}>
                        {!step && t('receivingCheck.notRun')}
                        {step?.problem && (
                          <Typography component="span" color="error" sx={{ display: 'block' }}>
                            {t(
                              `receivingCheck.problems.${step.problem.replace(':', '_')}`,
                              step.problem,
                            )}
                          </Typography>
                        )}
                        {step?.evidence.map((item, index) => (
                          <Box
                            component="span"
                            key={`${item.label}-${index}`}
                            sx={{ display: 'block', overflowWrap: 'anywhere' }}
                          >
                            {t(`receivingCheck.evidence.${item.label}`, item.label)}:{' '}
                            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                              {item.value}
                            </Box>
                          </Box>
                        ))}
                      </Box>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={() => void check.refetch()} disabled={check.isFetching}>
              {t('receivingCheck.again')}
            </Button>
          </Box>
        </>
      )}
    </DetailsDialog>
  );
}
