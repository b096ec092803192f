/**
 * Create or edit a Peppol legal entity (spec "Peppol legal entities", 4, 5, 8), opened from the
 * URL by the page. A new one is its name, participant identifier and address; an edit loads the
 * entity and its SMP registration (and, in Italy, the document types and processes its rows
 * offer) and saves both. The API's violations land on their fields (a capability's on its row).
 */
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, TextField } from '../../../components/form';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { legalEntityQueries } from '../api/legal-entity-queries';
import { useSaveLegalEntity } from '../api/use-save-legal-entity';
import {
  createLegalEntityFormSchema,
  existingLegalEntityValues,
  formFieldOfViolation,
  newLegalEntityValues,
  smpFirst,
  toLegalEntityRequest,
  toSmpRequest,
} from '../model/legal-entity-form';
import { IdentifierSchemeField } from './identifier-scheme-field';
import { SmpFields } from './smp-fields';
import { useLegalEntityMessage } from './use-legal-entity-message';

/** Names a violation may name although no field of that name is on screen. */
const HIDDEN_FIELDS = ['capabilities'] as const;

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

interface LegalEntityDialogProps {
  domain: PeppolDomain;
  /** The legal entity to edit; null creates one. */
  uuid: string | null;
  onClose: () => void;
}

export function LegalEntityDialog({ domain, uuid, onClose }: LegalEntityDialogProps) {
  const { t } = useTranslation('peppolLegalEntities');
  const translate = useLegalEntityMessage();
  const save = useSaveLegalEntity(domain);
  const editing = uuid !== null;
  const italianRows = editing && domain === 'it';
  const entity = useQuery({
    ...legalEntityQueries.detail(domain, uuid ?? ''),
    enabled: editing,
  });
  const smp = useQuery({ ...legalEntityQueries.smp(domain, uuid ?? ''), enabled: editing });
  const documentTypes = useQuery({
    ...legalEntityQueries.documentTypes(domain),
    enabled: italianRows,
  });
  const processes = useQuery({ ...legalEntityQueries.processes(domain), enabled: italianRows });
  const schema = useMemo(() => createLegalEntityFormSchema(domain), [domain]);
  const existing =
    editing && entity.data && smp.data ? { entity: entity.data, smp: smp.data } : null;

  return (
    <FormDialog
      title={t(editing ? 'edit.title' : 'create.title')}
      ns="peppolLegalEntities"
      maxWidth={editing ? 'md' : 'sm'}
      load={{
        isPending:
          editing &&
          (entity.isPending ||
            smp.isPending ||
            (italianRows && (documentTypes.isPending || processes.isPending))),
        isError: editing && (entity.isError || smp.isError),
        pendingLabel: t('form.loading'),
        errorText: t('form.notFound'),
      }}
      schema={schema}
      defaultValues={
        existing
          ? existingLegalEntityValues(existing.entity, existing.smp)
          : newLegalEntityValues(domain)
      }
      fields={HIDDEN_FIELDS}
      fieldOfViolation={formFieldOfViolation}
      translateMessage={translate}
      onSubmit={(values) =>
        save.mutateAsync({
          uuid: existing?.entity.uuid ?? null,
          body: toLegalEntityRequest(values),
          smp: existing
            ? {
                body: toSmpRequest(domain, values),
                first: smpFirst(existing.smp.enabled, values),
              }
            : undefined,
        })
      }
      successMessage={(saved) =>
        t(editing ? 'messages.updated' : 'messages.created', { name: saved.registeredName })
      }
      failureMessage={(failure) =>
        failure.isValidation ? undefined : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <TextField name="registeredName" required />
      <Box sx={twoColumns}>
        <IdentifierSchemeField domain={domain} />
        <TextField name="identifierValue" required />
      </Box>
      <TextField name="address" />
      <Box sx={twoColumns}>
        <TextField name="zipCode" />
        <TextField name="city" />
        <TextField name="stateOrProvince" />
        <TextField
          name="country"
          transform={(value) => value.toUpperCase()}
          slotProps={{ htmlInput: { maxLength: 2 } }}
        />
      </Box>
      <TextField name="receivedDocumentNotificationEmails" multiline minRows={1} />
      {existing && (
        <SmpFields
          domain={domain}
          documentTypes={documentTypes.data ?? []}
          processes={processes.data ?? []}
        />
      )}
    </FormDialog>
  );
}
