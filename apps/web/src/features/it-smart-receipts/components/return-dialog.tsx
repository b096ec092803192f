/**
 * Returning items of an accepted sale (spec 5 "Return form"): each line names a sale item (the
 * Agenzia's id, shown with its description and what is still returnable) and a quantity with at
 * most 2 decimals; save is disabled with no lines. Violations land on their fields; success says
 * 'Operation completed' (spec 8) and refreshes the lists.
 */
import type { Receipt } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CENT_SCALE, hundredthsText, readDecimal } from '@fiscus/smart-receipts';
import { FormDialog, SelectField, TextField } from '../../../components/form';
import { receiptQueries, useReturnReceipt } from '../api/receipt-queries';
import {
  formFieldOf,
  normalDecimal,
  returnFormSchema,
  toReturnRequest,
  type ReturnFormValues,
} from '../model/receipt-form';
import { dialogLoad, useReceiptMessage } from './use-receipt-message';

interface ReturnableItem {
  id: string;
  label: string;
}

function ReturnLines({
  items,
  onCount,
}: {
  items: readonly ReturnableItem[];
  onCount: (count: number) => void;
}) {
  const { t } = useTranslation('smartReceipts');
  const { control } = useFormContext<ReturnFormValues>();
  const lines = useFieldArray({ control, name: 'items' });
  const count = lines.fields.length;
  useEffect(() => onCount(count), [count, onCount]);
  const labels = new Map(items.map((item) => [item.id, item.label]));
  return (
    <Box>
      {lines.fields.map((line, index) => (
        <Box
          key={line.id}
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr auto' },
            mb: 1.5,
          }}
        >
          <SelectField
            name={`items.${index}.id`}
            label={t('fields.item')}
            required
            help={null}
            options={items.map((item) => item.id)}
            optionLabel={(id) => labels.get(id) ?? id}
          />
          <TextField
            name={`items.${index}.quantity`}
            label={t('fields.quantity')}
            required
            help={null}
            formatOnBlur={normalDecimal}
            inputMode="decimal"
          />
          <IconButton
            aria-label={t('form.removeLine', { number: index + 1 })}
            onClick={() => lines.remove(index)}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => lines.append({ id: '', quantity: '' })}>
        {t('form.addLine')}
      </Button>
    </Box>
  );
}

export function ReturnDialog({ sale, onClose }: { sale: Receipt; onClose: () => void }) {
  const { t } = useTranslation('smartReceipts');
  const details = useQuery(receiptQueries.details(sale.uuid));
  const giveBack = useReturnReceipt(sale.uuid);
  const translateMessage = useReceiptMessage();
  // Spec 5: save is disabled with no items.
  const [lineCount, setLineCount] = useState(1);
  const items: ReturnableItem[] = (details.data?.items ?? []).flatMap((item) => {
    const sold = readDecimal(item.quantity, CENT_SCALE, CENT_SCALE);
    const returned = readDecimal(item.return, CENT_SCALE, CENT_SCALE);
    if (!item.id || sold === undefined || returned === undefined || sold <= returned) return [];
    const left = hundredthsText(sold - returned);
    return [{ id: item.id, label: t('form.returnable', { description: item.description, left }) }];
  });
  return (
    <FormDialog<ReturnFormValues, ReturnFormValues, Receipt>
      title={t('form.returnTitle', { number: sale.document_number ?? sale.uuid })}
      ns="smartReceipts"
      schema={returnFormSchema}
      defaultValues={{ items: [{ id: '', quantity: '' }] }}
      load={dialogLoad(details, t)}
      translateMessage={translateMessage}
      fieldOfViolation={formFieldOf}
      onSubmit={(values) => giveBack.mutateAsync(toReturnRequest(values))}
      successMessage={t('messages.operationSuccess')}
      submitLabel={t('actions.saveReturn')}
      submitDisabled={lineCount === 0}
      cancelLabel={t('actions.cancel')}
      maxWidth="md"
      onClose={onClose}
    >
      <ReturnLines items={items} onCount={setLineCount} />
    </FormDialog>
  );
}
