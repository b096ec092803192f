import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { computeAmountDue } from '@fiscus/fatturapa/calc';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/decimal-amount';
import { useComputedTotals } from '../hooks/use-computed-totals';
import type { FieldSpec } from './field-spec';
import { FieldGrid, OptionalBlock } from './form-section';
import { InvoiceField } from './invoice-field';

const SUMMARY = 'fattura_elettronica_body.0.dati_beni_servizi.dati_riepilogo';
const CURRENCY = 'fattura_elettronica_body.0.dati_generali.dati_generali_documento.divisa';

/**
 * The VAT summary (one row per rate and natura, computed from the lines) and the document
 * total, both kept up to date by the engine while the user types.
 */
export function StandardTotals({
  summaryFields,
  summaryOptional,
}: {
  summaryFields: readonly FieldSpec[];
  summaryOptional: readonly FieldSpec[];
}) {
  const { t, i18n } = useTranslation('invoiceForm');
  const { control } = useFormContext();
  const computed = useComputedTotals();
  const rows: unknown = useWatch({ control, name: SUMMARY });
  const currency: unknown = useWatch({ control, name: CURRENCY });
  const count = Array.isArray(rows) ? rows.length : 0;
  const document = computed?.dati_generali?.dati_generali_documento;
  const total = document?.importo_totale_documento ?? '0.00';
  const due = computeAmountDue({
    importo_totale_documento: total,
    dati_ritenuta: document?.dati_ritenuta,
    dati_riepilogo: computed?.dati_beni_servizi?.dati_riepilogo,
  });
  // The amounts in the user's language ("1.234,50 €" in Italian), in the invoice's currency.
  const money = (amount: string) => formatMoney(amount, i18n.language, currency);

  return (
    <Box>
      {count === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('totals.noSummary')}
        </Typography>
      )}
      {Array.from({ length: count }, (_, index) => {
        const rowName = `${SUMMARY}.${index}`;
        return (
          <Box
            key={index}
            role="group"
            aria-label={t('groupItem', { group: t('groups.dati_riepilogo'), number: index + 1 })}
            sx={{ borderLeft: 3, borderColor: 'divider', pl: 2, py: 1, mb: 1 }}
          >
            <FieldGrid base={rowName} fields={summaryFields} />
            <OptionalBlock base={rowName} paths={summaryOptional.map((spec) => spec.path)}>
              {summaryOptional.map((spec) => (
                <InvoiceField key={spec.path} base={rowName} spec={spec} />
              ))}
            </OptionalBlock>
          </Box>
        );
      })}
      <Box
        role="status"
        aria-label={t('totals.title')}
        sx={{ display: 'flex', gap: 4, justifyContent: 'flex-end', mt: 2 }}
      >
        <Typography variant="h6" component="p">
          {t('totals.documentTotal', { amount: money(total) })}
        </Typography>
        {due !== undefined && due !== total && (
          <Typography variant="h6" component="p">
            {t('totals.amountDue', { amount: money(due) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
