import { formatScaled, parseScaled } from '@fiscus/fatturapa/calc';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/decimal-amount';
import {
  currencies,
  fiscalRegimes,
  simplifiedDocumentTypes,
  simplifiedNature,
  transmissionFormats,
} from '../model/code-lists';
import { fieldLimits } from '../model/field-limits';
import { newSimplifiedEntry } from '../model/invoice-form-defaults';
import type { FieldSpec } from './field-spec';
import { FormSection } from './form-section';
import { addressFields, fiscalIdFields, nameFields, reaFields } from './party-fields';
import { RepeatableGroup } from './repeatable-group';

const HEADER = 'fattura_elettronica_header';
const BODY = 'fattura_elettronica_body.0';
const DOCUMENT = `${BODY}.dati_generali.dati_generali_documento`;
const ENTRIES = `${BODY}.dati_beni_servizi`;

const transmissionRequired: FieldSpec[] = [
  {
    path: 'formato_trasmissione',
    kind: 'select',
    options: transmissionFormats.simplified,
    codeList: 'formato_trasmissione',
    required: true,
    size: 6,
  },
  {
    path: 'codice_destinatario',
    upper: true,
    required: true,
    maxLength: fieldLimits.codice_destinatario.max,
    check: 'codiceDestinatario',
    size: 6,
  },
];
const transmissionOptional: FieldSpec[] = [
  { path: 'pec_destinatario', size: 6 },
  { path: 'progressivo_invio', maxLength: 10, size: 6, autoFilled: true },
  {
    path: 'id_trasmittente.id_paese',
    label: 'id_trasmittente_paese',
    upper: true,
    maxLength: 2,
    size: 4,
    autoFilled: true,
  },
  {
    path: 'id_trasmittente.id_codice',
    label: 'id_trasmittente_codice',
    upper: true,
    maxLength: 28,
    size: 8,
    autoFilled: true,
  },
];

const supplierRequired: FieldSpec[] = [
  ...fiscalIdFields(''),
  ...nameFields(''),
  {
    path: 'regime_fiscale',
    kind: 'select',
    options: fiscalRegimes.filter((code) => code !== 'RF20'),
    codeList: 'regime_fiscale',
    required: true,
    size: 8,
  },
  ...addressFields('sede.'),
];
const supplierOptional: FieldSpec[] = [
  { path: 'sede.numero_civico', maxLength: 8, size: 2 },
  ...reaFields(''),
];

const customerRequired: FieldSpec[] = [
  ...fiscalIdFields('identificativi_fiscali.'),
  ...nameFields('altri_dati_identificativi.'),
  ...addressFields('altri_dati_identificativi.sede.'),
];
const customerOptional: FieldSpec[] = [
  { path: 'altri_dati_identificativi.sede.numero_civico', maxLength: 8, size: 2 },
];

const documentRequired: FieldSpec[] = [
  {
    path: 'tipo_documento',
    kind: 'select',
    options: simplifiedDocumentTypes,
    codeList: 'tipo_documento',
    required: true,
    size: 6,
  },
  {
    path: 'divisa',
    kind: 'select',
    options: currencies,
    codeList: 'divisa',
    required: true,
    size: 2,
  },
  { path: 'data', kind: 'date', required: true, size: 2 },
  { path: 'numero', required: true, maxLength: fieldLimits.numero.max, size: 2 },
];

const correctedInvoiceFields: FieldSpec[] = [
  { path: 'numero_fr', maxLength: 20, size: 6 },
  { path: 'data_fr', kind: 'date', size: 6 },
  { path: 'elementi_rettificati', kind: 'multiline', maxLength: 1000, size: 12 },
];

const entryRequired: FieldSpec[] = [
  { path: 'descrizione', required: true, maxLength: fieldLimits.descrizione.max, size: 12 },
  { path: 'importo', kind: 'amount', required: true, size: 3 },
  { path: 'dati_iva.aliquota', label: 'aliquota', kind: 'amount', required: true, size: 3 },
  { path: 'dati_iva.imposta', label: 'imposta', kind: 'amount', required: true, size: 3 },
  { path: 'natura', kind: 'select', options: simplifiedNature, codeList: 'natura', size: 3 },
];
const entryOptional: FieldSpec[] = [
  { path: 'riferimento_normativo', maxLength: fieldLimits.riferimento_normativo.max, size: 12 },
];

/** Sum of the entries' importo (VAT included in a simplified invoice), exact to the cent. */
function SimplifiedTotal() {
  const { t, i18n } = useTranslation('invoiceForm');
  const { control } = useFormContext();
  const entries: unknown = useWatch({ control, name: ENTRIES });
  const currency: unknown = useWatch({ control, name: `${DOCUMENT}.divisa` });
  let sum = 0n;
  for (const entry of Array.isArray(entries) ? (entries as { importo?: string }[]) : []) {
    sum += parseScaled(entry.importo, 2) ?? 0n;
  }
  return (
    <Typography variant="h6" component="p" role="status" sx={{ textAlign: 'right', mt: 2 }}>
      {t('totals.documentTotal', {
        amount: formatMoney(formatScaled(sum, 2), i18n.language, currency),
      })}
    </Typography>
  );
}

/** Every section of the simplified (FSM10) invoice. */
export function SimplifiedInvoiceFields({ documentTypeLocked }: { documentTypeLocked: boolean }) {
  const { t } = useTranslation('invoiceForm');
  return (
    <Stack spacing={2}>
      <FormSection
        title={t('sections.dati_trasmissione')}
        base={`${HEADER}.dati_trasmissione`}
        required={transmissionRequired}
        optional={transmissionOptional}
        // FSM10 is the only format of this layout.
        disabledPaths={['formato_trasmissione']}
      />
      <FormSection
        title={t('sections.cedente_prestatore')}
        base={`${HEADER}.cedente_prestatore`}
        required={supplierRequired}
        optional={supplierOptional}
      />
      <FormSection
        title={t('sections.cessionario_committente')}
        base={`${HEADER}.cessionario_committente`}
        required={customerRequired}
        optional={customerOptional}
      />
      <FormSection
        title={t('sections.dati_generali_documento')}
        base={DOCUMENT}
        required={documentRequired}
        disabledPaths={documentTypeLocked ? ['tipo_documento'] : []}
      />
      <FormSection
        title={t('sections.dati_fattura_rettificata')}
        base={`${BODY}.dati_generali.dati_fattura_rettificata`}
        required={[]}
        optional={correctedInvoiceFields}
      />
      <FormSection title={t('sections.dati_beni_servizi')} base={ENTRIES} required={[]}>
        <RepeatableGroup
          name={ENTRIES}
          group="dati_beni_servizi"
          minItems={1}
          newItem={newSimplifiedEntry}
          required={entryRequired}
          optional={entryOptional}
        />
        <SimplifiedTotal />
      </FormSection>
    </Stack>
  );
}
