/**
 * The SMP registration of a legal entity being edited (spec 4, 5): the checkbox that turns it on
 * and the capabilities, editable only while it is on. Italy names each capability in a row: a
 * document type (required; the code list's long names, searchable, the identifier kept as the
 * value) and a process (the API does not say which processes go with which type, so all of them;
 * none lets the API take the document type's own). Belgium ticks the BIS Billing invoice and
 * credit note.
 */
import type { PeppolCode } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, useFormField, useFormMessage } from '../../../components/form';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { emptyCapabilityRow, type LegalEntityFormInput } from '../model/legal-entity-form';

const codeKey = (code: { scheme: string; value: string }) => `${code.scheme}\n${code.value}`;

/** A row's document type: its name shown, its identifier (and scheme) stored. */
function DocumentTypeField({
  index,
  documentTypes,
  disabled,
}: {
  index: number;
  documentTypes: readonly PeppolCode[];
  disabled: boolean;
}) {
  const { t } = useTranslation('peppolLegalEntities');
  const name = `capabilities.${index}.documentType`;
  const { field, invalid, helperText } = useFormField(name, {
    label: t('fields.documentType'),
    help: null,
  });
  const { setValue } = useFormContext<LegalEntityFormInput>();
  const scheme = useWatch<LegalEntityFormInput, `capabilities.${number}.documentTypeScheme`>({
    name: `capabilities.${index}.documentTypeScheme`,
  });
  const documentType = typeof field.value === 'string' ? field.value : '';
  const value = useMemo(() => {
    if (documentType === '') return null;
    const known = documentTypes.find(
      (code) => code.value === documentType && (scheme === '' || code.scheme === scheme),
    );
    // A capability of a document type the list no longer offers still shows what it is.
    return known ?? { name: documentType, value: documentType, scheme };
  }, [documentType, documentTypes, scheme]);
  return (
    <Autocomplete
      options={documentTypes as PeppolCode[]}
      value={value}
      disabled={disabled}
      onChange={(_event, next) => {
        field.onChange(next?.value ?? '');
        setValue(`capabilities.${index}.documentTypeScheme`, next?.scheme ?? '');
      }}
      onBlur={field.onBlur}
      getOptionLabel={(code) => code.name}
      getOptionKey={codeKey}
      isOptionEqualToValue={(option, current) => codeKey(option) === codeKey(current)}
      renderOption={({ key, ...props }, code) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{code.name}</Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              {code.value}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={t('fields.documentType')}
          required
          error={invalid}
          helperText={helperText}
          title={value?.name}
        />
      )}
    />
  );
}

/** A row's process: one of the network's processes, or none for the document type's own. */
function ProcessField({
  index,
  processes,
  disabled,
}: {
  index: number;
  processes: readonly PeppolCode[];
  disabled: boolean;
}) {
  const { t } = useTranslation('peppolLegalEntities');
  const { field, invalid, helperText } = useFormField(`capabilities.${index}.process`, {
    label: t('fields.process'),
    help: null,
  });
  const { setValue } = useFormContext<LegalEntityFormInput>();
  const current = typeof field.value === 'string' ? field.value : '';
  const listed = processes.some((process) => process.value === current);
  return (
    <MuiTextField
      select
      fullWidth
      name={field.name}
      inputRef={field.ref}
      label={t('fields.process')}
      value={current}
      disabled={disabled}
      onChange={(event) => {
        const next = processes.find((process) => process.value === event.target.value);
        field.onChange(event.target.value);
        setValue(`capabilities.${index}.processScheme`, next?.scheme ?? '');
      }}
      onBlur={field.onBlur}
      error={invalid}
      helperText={helperText}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 560 } } } } } }}
    >
      <MenuItem value="">
        <em>{t('capabilities.defaultProcess')}</em>
      </MenuItem>
      {!listed && current !== '' && <MenuItem value={current}>{current}</MenuItem>}
      {processes.map((process) => (
        <MenuItem
          key={codeKey(process)}
          value={process.value}
          sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
        >
          {process.name}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/** What the form says about the capabilities as a whole (none while registered). */
function CapabilitiesError() {
  const translate = useFormMessage();
  const { errors } = useFormState<LegalEntityFormInput>({ name: 'capabilities' });
  const error = errors.capabilities as
    { message?: string; root?: { message?: string } } | undefined;
  const message = translate(error?.message ?? error?.root?.message);
  if (!message) return null;
  return <FormHelperText error>{message}</FormHelperText>;
}

function ItalianCapabilities({
  enabled,
  documentTypes,
  processes,
}: {
  enabled: boolean;
  documentTypes: readonly PeppolCode[];
  processes: readonly PeppolCode[];
}) {
  const { t } = useTranslation('peppolLegalEntities');
  const { fields, append, remove } = useFieldArray<LegalEntityFormInput, 'capabilities'>({
    name: 'capabilities',
  });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('fields.capabilities')}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('capabilities.none')}
        </Typography>
      )}
      {fields.map((row, index) => (
        <Box
          key={row.id}
          sx={{
            display: 'grid',
            gap: 1.5,
            mb: 1.5,
            alignItems: 'start',
            // minmax(0, …): a long document type name never widens the dialog.
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr) auto',
              md: 'minmax(0, 3fr) minmax(0, 2fr) auto',
            },
          }}
        >
          <DocumentTypeField index={index} documentTypes={documentTypes} disabled={!enabled} />
          <Box sx={{ gridRow: { xs: 2, md: 'auto' }, minWidth: 0 }}>
            <ProcessField index={index} processes={processes} disabled={!enabled} />
          </Box>
          <Tooltip title={t('capabilities.remove', { number: index + 1 })}>
            <span>
              <IconButton
                aria-label={t('capabilities.remove', { number: index + 1 })}
                disabled={!enabled}
                onClick={() => remove(index)}
                sx={{ mt: 1 }}
              >
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
      <CapabilitiesError />
      <Button
        startIcon={<AddIcon />}
        disabled={!enabled}
        onClick={() => append(emptyCapabilityRow())}
      >
        {t('capabilities.add')}
      </Button>
    </Box>
  );
}

function BelgianCapabilities({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('peppolLegalEntities');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t('fields.capabilities')}
      </Typography>
      <CheckboxField name="invoice" label={t('capabilities.invoice')} disabled={!enabled} />
      <CheckboxField name="creditNote" label={t('capabilities.creditNote')} disabled={!enabled} />
      <CapabilitiesError />
    </Box>
  );
}

export function SmpFields({
  domain,
  documentTypes,
  processes,
}: {
  domain: PeppolDomain;
  documentTypes: readonly PeppolCode[];
  processes: readonly PeppolCode[];
}) {
  const enabled = useWatch<LegalEntityFormInput, 'smpEnabled'>({ name: 'smpEnabled' });
  return (
    <>
      <CheckboxField name="smpEnabled" />
      {domain === 'be' ? (
        <BelgianCapabilities enabled={enabled} />
      ) : (
        <ItalianCapabilities
          enabled={enabled}
          documentTypes={documentTypes}
          processes={processes}
        />
      )}
    </>
  );
}
