/**
 * Create or edit a Polish legal entity (spec "Legal entity list", 3, 5, 8), opened from the URL
 * by the page. The rules are spec 5's; the API's 422 lands on its fields (a NIP refused by its
 * check digit, or taken) and its detail in the alert. The NIP of an onboarded entity is read-only
 * (the API refuses to change it).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FormDialog, TextField } from '../../../components/form';
import { legalEntityQueries } from '../api/legal-entity-queries';
import { useSaveLegalEntity } from '../api/use-save-legal-entity';
import {
  existingLegalEntityValues,
  LEGAL_ENTITY_FIELDS,
  legalEntityFormSchema,
  newLegalEntityValues,
  toLegalEntityRequest,
} from '../model/legal-entity-form';
import { useLegalEntityMessage } from './use-legal-entity-message';

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Spec 9: at most 255 characters in every field; the box stops there too. */
const max255 = { htmlInput: { maxLength: 255 } } as const;

interface LegalEntityDialogProps {
  /** The legal entity to edit; null creates one. */
  uuid: string | null;
  onClose: () => void;
}

export function LegalEntityDialog({ uuid, onClose }: LegalEntityDialogProps) {
  const { t } = useTranslation('plLegalEntities');
  const translate = useLegalEntityMessage();
  const save = useSaveLegalEntity();
  const editing = uuid !== null;
  const entity = useQuery({ ...legalEntityQueries.detail(uuid ?? ''), enabled: editing });
  const existing = editing ? (entity.data ?? null) : null;
  const nipLocked = existing?.status === 'active';

  return (
    <FormDialog
      title={t(editing ? 'edit.title' : 'create.title')}
      ns="plLegalEntities"
      load={{
        isPending: editing && entity.isPending,
        isError: editing && entity.isError,
        pendingLabel: t('form.loading'),
        errorText: t('form.notFound'),
      }}
      schema={legalEntityFormSchema}
      defaultValues={existing ? existingLegalEntityValues(existing) : newLegalEntityValues()}
      fields={LEGAL_ENTITY_FIELDS}
      translateMessage={translate}
      onSubmit={(values) =>
        save.mutateAsync({
          uuid: existing?.uuid ?? null,
          body: toLegalEntityRequest(values, !editing),
        })
      }
      successMessage={(saved) =>
        t(editing ? 'messages.updated' : 'messages.created', { name: saved.name })
      }
      // Spec 8: a 422 shows the server's detail (the alert); anything else the generic message.
      failureMessage={(failure) =>
        failure.isValidation ? undefined : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <TextField name="name" required autoComplete="organization" slotProps={max255} />
      <Box sx={twoColumns}>
        <TextField
          name="nip"
          required
          disabled={nipLocked}
          help={nipLocked ? t('form.nipLocked') : undefined}
          slotProps={{ htmlInput: { maxLength: 255, inputMode: 'numeric' } }}
        />
        <TextField name="email" type="email" required autoComplete="email" slotProps={max255} />
      </Box>
      <TextField name="addressLine1" required autoComplete="address-line1" slotProps={max255} />
      <TextField name="addressLine2" required autoComplete="address-line2" slotProps={max255} />
      <Box sx={twoColumns}>
        <TextField name="postcode" required autoComplete="postal-code" slotProps={max255} />
        <TextField name="city" required autoComplete="address-level2" slotProps={max255} />
        <TextField name="province" autoComplete="address-level1" slotProps={max255} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('form.country')}
      </Typography>
      <CheckboxField name="incomingInvoiceEnabled" />
    </FormDialog>
  );
}
