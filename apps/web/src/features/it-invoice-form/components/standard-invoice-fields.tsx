import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  currencies,
  discountTypes,
  paymentMethods,
  paymentTerms,
  pensionFundTypes,
  stampDutyFlags,
  standardDocumentTypes,
  standardNature,
  supplyTypes,
  transmissionFormats,
  withholdingTypes,
} from '../model/code-lists';
import { fieldLimits } from '../model/field-limits';
import { newLine, newPayment, newPaymentDetail } from '../model/invoice-form-defaults';
import { AttachmentsSection } from './attachments-section';
import type { FieldSpec } from './field-spec';
import { FormSection, OptionalBlock } from './form-section';
import { addressFields, fiscalIdFields, nameFields, reaFields, regimeField } from './party-fields';
import { RepeatableGroup, TextListField } from './repeatable-group';
import { StandardTotals } from './standard-totals';

const HEADER = 'fattura_elettronica_header';
const BODY = 'fattura_elettronica_body.0';
const GENERAL = `${BODY}.dati_generali`;
const DOCUMENT = `${GENERAL}.dati_generali_documento`;
export const LINES = `${BODY}.dati_beni_servizi.dettaglio_linee`;

const transmissionRequired: FieldSpec[] = [
  {
    path: 'formato_trasmissione',
    kind: 'select',
    options: transmissionFormats.standard,
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
  ...fiscalIdFields('dati_anagrafici.'),
  ...nameFields('dati_anagrafici.anagrafica.'),
  regimeField('dati_anagrafici.regime_fiscale'),
  ...addressFields('sede.'),
];
const supplierOptional: FieldSpec[] = [
  { path: 'sede.numero_civico', maxLength: 8, size: 2 },
  { path: 'dati_anagrafici.anagrafica.titolo', maxLength: 10, size: 2 },
  { path: 'dati_anagrafici.anagrafica.cod_eori', upper: true, maxLength: 17, size: 4 },
  { path: 'dati_anagrafici.albo_professionale', maxLength: 60, size: 4 },
  { path: 'dati_anagrafici.provincia_albo', upper: true, maxLength: 2, size: 2 },
  { path: 'dati_anagrafici.numero_iscrizione_albo', maxLength: 60, size: 3 },
  { path: 'dati_anagrafici.data_iscrizione_albo', kind: 'date', size: 3 },
  ...reaFields(''),
  { path: 'contatti.telefono', maxLength: 12, size: 4 },
  { path: 'contatti.fax', maxLength: 12, size: 4 },
  { path: 'contatti.email', maxLength: 256, size: 4 },
  { path: 'riferimento_amministrazione', maxLength: 20, size: 4 },
];

const customerRequired: FieldSpec[] = [
  ...fiscalIdFields('dati_anagrafici.'),
  ...nameFields('dati_anagrafici.anagrafica.'),
  ...addressFields('sede.'),
];
const customerOptional: FieldSpec[] = [
  { path: 'sede.numero_civico', maxLength: 8, size: 2 },
  { path: 'dati_anagrafici.anagrafica.titolo', maxLength: 10, size: 2 },
  { path: 'dati_anagrafici.anagrafica.cod_eori', upper: true, maxLength: 17, size: 4 },
];

const documentRequired: FieldSpec[] = [
  {
    path: 'tipo_documento',
    kind: 'select',
    options: standardDocumentTypes,
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
const documentOptional: FieldSpec[] = [
  { path: 'arrotondamento', kind: 'amount', size: 3 },
  { path: 'art73', upper: true, maxLength: 2, size: 3 },
];

const linkedDocumentRequired: FieldSpec[] = [
  { path: 'id_documento', required: true, maxLength: fieldLimits.id_documento.max, size: 6 },
  { path: 'data', kind: 'date', size: 6 },
];
const linkedDocumentOptional: FieldSpec[] = [
  { path: 'num_item', maxLength: 20, size: 4 },
  { path: 'codice_commessa_convenzione', maxLength: 100, size: 8 },
  { path: 'codice_cup', upper: true, maxLength: 15, size: 6 },
  { path: 'codice_cig', upper: true, maxLength: 15, size: 6 },
];
const linkedDocumentGroups = [
  'dati_ordine_acquisto',
  'dati_contratto',
  'dati_convenzione',
  'dati_ricezione',
  'dati_fatture_collegate',
] as const;
/** Everything of the related documents section, below dati_generali. */
const relatedDocumentPaths = [...linkedDocumentGroups, 'dati_ddt', 'dati_sal'];

const lineRequired: FieldSpec[] = [
  { path: 'numero_linea', required: true, readOnly: true, size: 1 },
  { path: 'descrizione', required: true, maxLength: fieldLimits.descrizione.max, size: 5 },
  { path: 'quantita', kind: 'amount', required: true, size: 2 },
  { path: 'prezzo_unitario', kind: 'price', required: true, size: 2 },
  { path: 'prezzo_totale', kind: 'price', required: true, readOnly: true, size: 2 },
  { path: 'aliquota_iva', kind: 'amount', required: true, size: 2 },
  { path: 'natura', kind: 'select', options: standardNature, codeList: 'natura', size: 4 },
  { path: 'unita_misura', maxLength: 10, size: 2 },
];
const lineOptional: FieldSpec[] = [
  {
    path: 'tipo_cessione_prestazione',
    kind: 'select',
    options: supplyTypes,
    codeList: 'tipo_cessione_prestazione',
    size: 3,
  },
  { path: 'data_inizio_periodo', kind: 'date', size: 3 },
  { path: 'data_fine_periodo', kind: 'date', size: 3 },
  { path: 'ritenuta', kind: 'select', options: ['SI'], size: 3 },
  { path: 'riferimento_amministrazione', maxLength: 20, size: 4 },
];
const lineNestedPaths = ['codice_articolo', 'sconto_maggiorazione', 'altri_dati_gestionali'];

const discountFields: FieldSpec[] = [
  {
    path: 'tipo',
    kind: 'select',
    options: discountTypes,
    codeList: 'tipo',
    required: true,
    size: 4,
  },
  { path: 'percentuale', kind: 'amount', size: 4 },
  { path: 'importo', kind: 'price', size: 4 },
];

const articleCodeFields: FieldSpec[] = [
  { path: 'codice_tipo', required: true, maxLength: 35, size: 6 },
  { path: 'codice_valore', required: true, maxLength: 35, size: 6 },
];
const managementDataFields: FieldSpec[] = [
  { path: 'tipo_dato', required: true, maxLength: 10, size: 3 },
  { path: 'riferimento_testo', maxLength: 60, size: 9 },
];
const managementDataOptional: FieldSpec[] = [
  { path: 'riferimento_numero', kind: 'price', size: 6 },
  { path: 'riferimento_data', kind: 'date', size: 6 },
];

const summaryFields: FieldSpec[] = [
  { path: 'aliquota_iva', kind: 'amount', required: true, readOnly: true, size: 2 },
  { path: 'natura', readOnly: true, size: 2 },
  { path: 'imponibile_importo', kind: 'amount', required: true, readOnly: true, size: 2 },
  { path: 'imposta', kind: 'amount', required: true, readOnly: true, size: 2 },
  {
    path: 'esigibilita_iva',
    kind: 'select',
    options: ['I', 'D', 'S'],
    codeList: 'esigibilita_iva',
    size: 4,
  },
];
const summaryOptional: FieldSpec[] = [
  { path: 'spese_accessorie', kind: 'amount', size: 3 },
  { path: 'arrotondamento', kind: 'price', size: 3 },
  { path: 'riferimento_normativo', maxLength: fieldLimits.riferimento_normativo.max, size: 6 },
];

const paymentDetailRequired: FieldSpec[] = [
  {
    path: 'modalita_pagamento',
    kind: 'select',
    options: paymentMethods,
    codeList: 'modalita_pagamento',
    required: true,
    size: 4,
  },
  { path: 'importo_pagamento', kind: 'amount', required: true, size: 3 },
  { path: 'iban', upper: true, maxLength: fieldLimits.iban.max, check: 'iban', size: 5 },
];
const paymentDetailOptional: FieldSpec[] = [
  { path: 'beneficiario', maxLength: fieldLimits.beneficiario.max, size: 6 },
  { path: 'istituto_finanziario', maxLength: 80, size: 6 },
  { path: 'abi', maxLength: 5, size: 2 },
  { path: 'cab', maxLength: 5, size: 2 },
  { path: 'bic', upper: true, maxLength: fieldLimits.bic.max, size: 2 },
  { path: 'data_riferimento_termini_pagamento', kind: 'date', size: 3 },
  { path: 'giorni_termini_pagamento', maxLength: 3, size: 3 },
  { path: 'data_scadenza_pagamento', kind: 'date', size: 3 },
  { path: 'codice_pagamento', maxLength: fieldLimits.codice_pagamento.max, size: 3 },
  { path: 'cod_ufficio_postale', maxLength: 20, size: 3 },
  { path: 'sconto_pagamento_anticipato', kind: 'amount', size: 3 },
  { path: 'data_limite_pagamento_anticipato', kind: 'date', size: 3 },
  { path: 'penalita_pagamenti_ritardati', kind: 'amount', size: 3 },
  { path: 'data_decorrenza_penale', kind: 'date', size: 3 },
];

const vehicleFields: FieldSpec[] = [
  { path: 'data', kind: 'date', size: 6 },
  { path: 'totale_percorso', maxLength: 15, size: 6 },
];

const transportFields: FieldSpec[] = [
  { path: 'dati_anagrafici_vettore.id_fiscale_iva.id_paese', upper: true, maxLength: 2, size: 2 },
  { path: 'dati_anagrafici_vettore.id_fiscale_iva.id_codice', upper: true, maxLength: 28, size: 4 },
  { path: 'dati_anagrafici_vettore.anagrafica.denominazione', maxLength: 80, size: 6 },
  { path: 'mezzo_trasporto', maxLength: 80, size: 4 },
  { path: 'causale_trasporto', maxLength: 100, size: 8 },
  { path: 'numero_colli', maxLength: 4, size: 2 },
  { path: 'descrizione', label: 'descrizione_trasporto', maxLength: 100, size: 6 },
  { path: 'unita_misura_peso', maxLength: 10, size: 2 },
  { path: 'peso_lordo', kind: 'amount', size: 2 },
  { path: 'peso_netto', kind: 'amount', size: 2 },
  { path: 'data_inizio_trasporto', kind: 'date', size: 3 },
  { path: 'tipo_resa', upper: true, maxLength: 3, size: 2 },
];

const withholdingFields: FieldSpec[] = [
  {
    path: 'tipo_ritenuta',
    kind: 'select',
    options: withholdingTypes,
    codeList: 'tipo_ritenuta',
    required: true,
    size: 4,
  },
  { path: 'aliquota_ritenuta', kind: 'amount', required: true, size: 2 },
  { path: 'importo_ritenuta', kind: 'amount', required: true, size: 3 },
  { path: 'causale_pagamento', upper: true, required: true, maxLength: 2, size: 3 },
];

const pensionFundFields: FieldSpec[] = [
  { path: 'tipo_cassa', kind: 'select', options: pensionFundTypes, required: true, size: 3 },
  { path: 'al_cassa', kind: 'amount', required: true, size: 2 },
  { path: 'imponibile_cassa', kind: 'amount', size: 2 },
  { path: 'importo_contributo_cassa', kind: 'amount', required: true, size: 2 },
  { path: 'aliquota_iva', kind: 'amount', required: true, size: 3 },
  { path: 'natura', kind: 'select', options: standardNature, codeList: 'natura', size: 4 },
  { path: 'ritenuta', kind: 'select', options: ['SI'], size: 2 },
];

const stampDutyFields: FieldSpec[] = [
  {
    path: 'bollo_virtuale',
    kind: 'select',
    options: stampDutyFlags,
    codeList: 'bollo_virtuale',
    size: 6,
  },
  { path: 'importo_bollo', kind: 'amount', size: 6 },
];

/** Item codes, discounts and management data of one line, folded with its optional fields. */
function LineExtras({ lineName }: { lineName: string }) {
  return (
    <>
      <RepeatableGroup
        name={`${lineName}.codice_articolo`}
        group="codice_articolo"
        newItem={() => ({ codice_tipo: '', codice_valore: '' })}
        required={articleCodeFields}
      />
      <RepeatableGroup
        name={`${lineName}.sconto_maggiorazione`}
        group="sconto_maggiorazione"
        newItem={() => ({ tipo: 'SC', percentuale: '', importo: '' })}
        required={discountFields}
      />
      <RepeatableGroup
        name={`${lineName}.altri_dati_gestionali`}
        group="altri_dati_gestionali"
        newItem={() => ({ tipo_dato: '', riferimento_testo: '' })}
        required={managementDataFields}
        optional={managementDataOptional}
      />
    </>
  );
}

function LinkedLineNumbers({ itemName }: { itemName: string }) {
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <TextListField
        name={`${itemName}.riferimento_numero_linea`}
        label="riferimento_numero_linea"
        maxLength={4}
      />
    </Grid>
  );
}

/** Every section of the standard (FPA12/FPR12) invoice, in the spec's order. */
export function StandardInvoiceFields({ documentTypeLocked }: { documentTypeLocked: boolean }) {
  const { t } = useTranslation('invoiceForm');
  const { getValues, setValue } = useFormContext();

  const renumberLines = () => {
    const lines: unknown = getValues(LINES);
    if (!Array.isArray(lines)) return;
    lines.forEach((_, index) => setValue(`${LINES}.${index}.numero_linea`, String(index + 1)));
  };
  const lineCount = () => {
    const lines: unknown = getValues(LINES);
    return Array.isArray(lines) ? lines.length : 0;
  };

  return (
    <Stack spacing={2}>
      <FormSection
        title={t('sections.dati_trasmissione')}
        base={`${HEADER}.dati_trasmissione`}
        required={transmissionRequired}
        optional={transmissionOptional}
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
        optional={documentOptional}
        disabledPaths={documentTypeLocked ? ['tipo_documento'] : []}
      >
        <Grid container spacing={2} sx={{ mt: 2 }}>
          <TextListField name={`${DOCUMENT}.causale`} label="causale" maxLength={200} />
        </Grid>
      </FormSection>
      <FormSection title={t('sections.documenti_correlati')} base={GENERAL} required={[]}>
        {/* Seven kinds of reference, each with its add button: one toggle until one is used
            (a credit note's linked invoice opens it). */}
        <OptionalBlock
          base={GENERAL}
          paths={relatedDocumentPaths}
          labels={{
            show: t('actions.showSection', { section: t('sections.documenti_correlati') }),
            hide: t('actions.hideSection', { section: t('sections.documenti_correlati') }),
          }}
        >
          <Grid size={12}>
            {linkedDocumentGroups.map((group) => (
              <RepeatableGroup
                key={group}
                name={`${GENERAL}.${group}`}
                group={group}
                newItem={() => ({ id_documento: '', data: '' })}
                required={linkedDocumentRequired}
                optional={linkedDocumentOptional}
                renderExtra={(itemName) => <LinkedLineNumbers itemName={itemName} />}
              />
            ))}
            <RepeatableGroup
              name={`${GENERAL}.dati_ddt`}
              group="dati_ddt"
              newItem={() => ({ numero_ddt: '', data_ddt: '' })}
              required={[
                { path: 'numero_ddt', required: true, maxLength: 20, size: 6 },
                { path: 'data_ddt', kind: 'date', required: true, size: 6 },
              ]}
              renderExtra={(itemName) => <LinkedLineNumbers itemName={itemName} />}
            />
            <RepeatableGroup
              name={`${GENERAL}.dati_sal`}
              group="dati_sal"
              newItem={() => ({ riferimento_fase: '' })}
              required={[{ path: 'riferimento_fase', required: true, maxLength: 3, size: 4 }]}
            />
          </Grid>
        </OptionalBlock>
      </FormSection>
      <FormSection title={t('sections.dettaglio_linee')} base={LINES} required={[]}>
        <RepeatableGroup
          name={LINES}
          group="dettaglio_linee"
          minItems={1}
          newItem={() => newLine(lineCount() + 1)}
          required={lineRequired}
          optional={lineOptional}
          itemTitle={(index) => t('lineTitle', { number: index + 1 })}
          renderOptionalExtra={(itemName) => <LineExtras lineName={itemName} />}
          optionalExtraPaths={lineNestedPaths}
          onRemoved={renumberLines}
        />
      </FormSection>
      <FormSection title={t('sections.dati_riepilogo')} base={BODY} required={[]}>
        <StandardTotals summaryFields={summaryFields} summaryOptional={summaryOptional} />
      </FormSection>
      <FormSection title={t('sections.dati_pagamento')} base={BODY} required={[]}>
        <RepeatableGroup
          name={`${BODY}.dati_pagamento`}
          group="dati_pagamento"
          newItem={newPayment}
          required={[
            {
              path: 'condizioni_pagamento',
              kind: 'select',
              options: paymentTerms,
              codeList: 'condizioni_pagamento',
              required: true,
              size: 6,
            },
          ]}
          renderExtra={(itemName) => (
            <RepeatableGroup
              name={`${itemName}.dettaglio_pagamento`}
              group="dettaglio_pagamento"
              newItem={() => newPaymentDetail('MP01')}
              required={paymentDetailRequired}
              optional={paymentDetailOptional}
            />
          )}
        />
      </FormSection>
      <AttachmentsSection name={`${BODY}.allegati`} />
      <RareSections />
    </Stack>
  );
}

/**
 * Vehicles, transport, withholding tax, pension fund, stamp duty and document discounts: few
 * invoices need them, so they wait at the end behind one toggle naming them all (one stop of the
 * Tab key instead of six), open from the start when one holds a value and opened by itself on an
 * error inside.
 */
function RareSections() {
  const { t } = useTranslation('invoiceForm');
  const names = [
    'dati_veicoli',
    'dati_trasporto',
    'dati_ritenuta',
    'dati_cassa_previdenziale',
    'dati_bollo',
    'sconto_maggiorazione',
  ].map((section) => t(`sections.${section}`));
  return (
    <Paper variant="outlined" sx={{ px: 2, pb: 1 }}>
      <OptionalBlock
        base=""
        paths={[
          `${BODY}.dati_veicoli`,
          `${GENERAL}.dati_trasporto`,
          `${DOCUMENT}.dati_ritenuta`,
          `${DOCUMENT}.dati_cassa_previdenziale`,
          `${DOCUMENT}.dati_bollo`,
          `${DOCUMENT}.sconto_maggiorazione`,
        ]}
        labels={{
          show: t('actions.showRareSections', { sections: names.join(', ') }),
          hide: t('actions.hideRareSections'),
        }}
      >
        <Grid size={12}>
          <Stack spacing={2} sx={{ pb: 1 }}>
            <RareSectionsContent />
          </Stack>
        </Grid>
      </OptionalBlock>
    </Paper>
  );
}

function RareSectionsContent() {
  const { t } = useTranslation('invoiceForm');
  return (
    <>
      <FormSection
        title={t('sections.dati_veicoli')}
        base={`${BODY}.dati_veicoli`}
        required={[]}
        optional={vehicleFields}
      />
      <FormSection
        title={t('sections.dati_trasporto')}
        base={`${GENERAL}.dati_trasporto`}
        required={[]}
        optional={transportFields}
      />
      <FormSection title={t('sections.dati_ritenuta')} base={DOCUMENT} required={[]}>
        <RepeatableGroup
          name={`${DOCUMENT}.dati_ritenuta`}
          group="dati_ritenuta"
          newItem={() => ({
            tipo_ritenuta: 'RT01',
            aliquota_ritenuta: '',
            importo_ritenuta: '',
            causale_pagamento: '',
          })}
          required={withholdingFields}
        />
      </FormSection>
      <FormSection title={t('sections.dati_cassa_previdenziale')} base={DOCUMENT} required={[]}>
        <RepeatableGroup
          name={`${DOCUMENT}.dati_cassa_previdenziale`}
          group="dati_cassa_previdenziale"
          newItem={() => ({
            tipo_cassa: 'TC22',
            al_cassa: '',
            importo_contributo_cassa: '',
            aliquota_iva: '22.00',
          })}
          required={pensionFundFields}
        />
      </FormSection>
      <FormSection
        title={t('sections.dati_bollo')}
        base={`${DOCUMENT}.dati_bollo`}
        required={[]}
        optional={stampDutyFields}
      />
      <FormSection title={t('sections.sconto_maggiorazione')} base={DOCUMENT} required={[]}>
        <RepeatableGroup
          name={`${DOCUMENT}.sconto_maggiorazione`}
          group="sconto_maggiorazione"
          newItem={() => ({ tipo: 'SC', percentuale: '', importo: '' })}
          required={discountFields}
        />
      </FormSection>
    </>
  );
}
