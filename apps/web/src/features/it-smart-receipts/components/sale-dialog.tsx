/**
 * The sale form (italian-invoicing spec 5 "Smart receipt form"): the company (a receipts-enabled
 * registry, upper-cased), the lottery code, the lines (at least one; a new one is 1.00 × 0.00 at
 * 4%), the payments, and the totals worked as the user types by the server's own arithmetic.
 * Violations land on their fields (`items[0].quantity`), an empty path in the banner (spec 8);
 * success says 'Created' and refreshes the list.
 */
import { receiptVatRateCodes } from '@fiscus/contracts/receipt-messages';
import type { Receipt } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, SelectField, SwitchField, TextField } from '../../../components/form';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/decimal-amount';
import { useCreateReceipt } from '../api/receipt-queries';
import { receiptRegistriesQuery } from '../api/receipt-registries';
import {
  emptySale,
  formFieldOf,
  liveTotals,
  newSaleItem,
  normalDecimal,
  saleFormSchema,
  toReceiptRequest,
  type SaleFormValues,
} from '../model/receipt-form';
import { dialogLoad, useReceiptMessage } from './use-receipt-message';

const upper = (value: string) => value.toUpperCase();

function SaleLines() {
  const { t } = useTranslation('smartReceipts');
  const { control } = useFormContext<SaleFormValues>();
  const lines = useFieldArray({ control, name: 'items' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t('form.lines')}
      </Typography>
      {lines.fields.map((line, index) => (
        <Paper
          key={line.id}
          component="section"
          variant="outlined"
          sx={{ p: 2, mb: 1.5 }}
          aria-label={t('form.line', { number: index + 1 })}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr 1fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              name={`items.${index}.description`}
              label={t('fields.description')}
              required
              help={null}
            />
            <TextField
              name={`items.${index}.quantity`}
              label={t('fields.quantity')}
              required
              help={null}
              formatOnBlur={normalDecimal}
              inputMode="decimal"
            />
            <TextField
              name={`items.${index}.unit_price`}
              label={t('fields.unit_price')}
              required
              help={null}
              formatOnBlur={normalDecimal}
              inputMode="decimal"
            />
            <SelectField
              name={`items.${index}.vat_rate_code`}
              label={t('fields.vat_rate_code')}
              required
              help={null}
              options={[...receiptVatRateCodes]}
              optionLabel={(code) => (code.startsWith('N') ? t(`natures.${code}`) : `${code}%`)}
            />
            <TextField
              name={`items.${index}.discount`}
              label={t('fields.line_discount')}
              help={null}
              formatOnBlur={normalDecimal}
              inputMode="decimal"
            />
            <IconButton
              aria-label={t('form.removeLine', { number: index + 1 })}
              // Spec 5: at least one item must remain.
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
          <SwitchField name={`items.${index}.complimentary`} label={t('fields.complimentary')} />
        </Paper>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => lines.append(newSaleItem())}>
        {t('form.addLine')}
      </Button>
    </Box>
  );
}

function Totals() {
  const { t } = useTranslation('smartReceipts');
  const language = currentLanguage();
  const items = useWatch<SaleFormValues, 'items'>({ name: 'items' });
  const totals = liveTotals(items ?? []);
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}
    >
      <span>{t('form.taxable', { amount: formatMoney(totals.taxable, language) })}</span>
      <span>{t('form.vat', { amount: formatMoney(totals.vat, language) })}</span>
      <strong>{t('form.total', { amount: formatMoney(totals.total, language) })}</strong>
      {totals.pending > 0 && (
        <Typography component="span" color="text.secondary">
          {t('form.pendingLines', { count: totals.pending })}
        </Typography>
      )}
    </Box>
  );
}

export function SaleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('smartReceipts');
  const create = useCreateReceipt();
  const registries = useQuery(receiptRegistriesQuery);
  const translateMessage = useReceiptMessage();
  const fiscalIds = registries.data?.map((registry) => registry.fiscal_id) ?? [];
  const names = new Map(registries.data?.map((registry) => [registry.fiscal_id, registry.name]));
  return (
    <FormDialog<SaleFormValues, SaleFormValues, Receipt>
      // Made again once the registries are read: a business with one company has it chosen.
      key={registries.isPending ? 'loading' : 'ready'}
      title={t('form.title')}
      ns="smartReceipts"
      schema={saleFormSchema}
      defaultValues={emptySale(fiscalIds.length === 1 ? fiscalIds[0] : '')}
      load={dialogLoad(registries, t)}
      translateMessage={translateMessage}
      fieldOfViolation={formFieldOf}
      onSubmit={(values) => create.mutateAsync(toReceiptRequest(values))}
      successMessage={t('messages.created')}
      failureMessage={(failure) =>
        failure.violations.length === 0 && !failure.detail ? t('messages.createError') : undefined
      }
      submitLabel={t('actions.send')}
      cancelLabel={t('actions.cancel')}
      maxWidth="lg"
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectField
          name="fiscal_id"
          label={t('fields.fiscal_id')}
          required
          help={fiscalIds.length === 0 ? t('form.noRegistries') : null}
          options={fiscalIds}
          optionLabel={(id) => (names.get(id) ? `${id} · ${names.get(id)}` : id)}
        />
        <TextField
          name="lottery_code"
          label={t('fields.lottery_code')}
          transform={upper}
          help={null}
          slotProps={{ htmlInput: { maxLength: 8 } }}
        />
      </Box>
      <SaleLines />
      <Totals />
      <Typography variant="subtitle1">{t('form.payments')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        {(
          [
            'cash_payment_amount',
            'electronic_payment_amount',
            'ticket_restaurant_payment_amount',
            'ticket_restaurant_quantity',
            'services_uncollected_amount',
            'goods_uncollected_amount',
            'discount',
          ] as const
        ).map((name) => (
          <TextField
            key={name}
            name={name}
            label={t(`fields.${name}`)}
            help={null}
            formatOnBlur={name === 'ticket_restaurant_quantity' ? undefined : normalDecimal}
            inputMode={name === 'ticket_restaurant_quantity' ? 'numeric' : 'decimal'}
          />
        ))}
      </Box>
      <SwitchField name="invoice_issuing" label={t('fields.invoice_issuing')} />
    </FormDialog>
  );
}
