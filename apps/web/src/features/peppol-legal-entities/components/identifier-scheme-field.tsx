/**
 * The participant identifier scheme (ISO 6523 ICD): Italy's legal entities pick one of the
 * Peppol code list's schemes (searchable: 0211 IT:IVA, 0088 GLN, 0192 NO:ORG…), Belgium's are
 * identified by their enterprise number, 0208, shown and not editable.
 */
import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TextField, useFormField } from '../../../components/form';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { peppolIdentifierSchemes } from '../model/identifier-schemes';

const schemeIds = new Map(peppolIdentifierSchemes.map(([icd, schemeId]) => [icd, schemeId]));
const options = peppolIdentifierSchemes.map(([icd]) => icd);

function schemeLabel(icd: string): string {
  const schemeId = schemeIds.get(icd);
  return schemeId ? `${icd} · ${schemeId}` : icd;
}

function SchemeAutocomplete() {
  const { field, label, invalid, helperText } = useFormField('identifierScheme');
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={schemeLabel}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          error={invalid}
          helperText={helperText}
        />
      )}
    />
  );
}

export function IdentifierSchemeField({ domain }: { domain: PeppolDomain }) {
  const { t } = useTranslation('peppolLegalEntities');
  if (domain === 'it') return <SchemeAutocomplete />;
  return (
    <TextField
      name="identifierScheme"
      required
      help={t('hints.belgianScheme')}
      slotProps={{ input: { readOnly: true } }}
    />
  );
}
