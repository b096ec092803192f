import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from './field-spec';
import { FieldGrid, OptionalBlock } from './form-section';
import { InvoiceField } from './invoice-field';
import { RepeatableGroupItems } from './repeatable-group-items';

/**
 * A list of blocks the user adds and removes (linked documents, DDT, payments, …). `minItems`
 * keeps the remove action away while only that many are left (one line must stay).
 */
export function RepeatableGroup({
  name,
  group,
  newItem,
  required,
  optional = [],
  minItems = 0,
  renderExtra,
  renderOptionalExtra,
  optionalExtraPaths = [],
  itemTitle,
  onRemoved,
}: {
  name: string;
  /** Translation key of the group under `groups.` (its title and the add/remove labels). */
  group: string;
  newItem: () => Record<string, unknown>;
  required: readonly FieldSpec[];
  optional?: readonly FieldSpec[];
  minItems?: number;
  /** Nested groups of one item, drawn below its fields. */
  renderExtra?: (itemName: string, index: number) => ReactNode;
  /** Nested groups folded with the optional fields (their paths below the item). */
  renderOptionalExtra?: (itemName: string) => ReactNode;
  optionalExtraPaths?: readonly string[];
  /** Title of an item; by default "<group> <n>". */
  itemTitle?: (index: number) => string;
  onRemoved?: () => void;
}) {
  const { t } = useTranslation('invoiceForm');
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const groupLabel = t(`groups.${group}`);
  return (
    <Box sx={{ mt: 1 }}>
      <RepeatableGroupItems
        items={fields}
        title={(index) =>
          itemTitle?.(index) ?? t('groupItem', { group: groupLabel, number: index + 1 })
        }
        canRemove={fields.length > minItems}
        onRemove={(index) => {
          remove(index);
          onRemoved?.();
        }}
        render={(index) => {
          const itemName = `${name}.${index}`;
          return (
            <>
              <FieldGrid base={itemName} fields={required} />
              {(optional.length > 0 || renderOptionalExtra) && (
                <OptionalBlock
                  base={itemName}
                  paths={[...optional.map((spec) => spec.path), ...optionalExtraPaths]}
                >
                  {optional.map((spec) => (
                    <InvoiceField key={spec.path} base={itemName} spec={spec} />
                  ))}
                  {renderOptionalExtra && <Grid size={12}>{renderOptionalExtra(itemName)}</Grid>}
                </OptionalBlock>
              )}
              {renderExtra?.(itemName, index)}
            </>
          );
        }}
      />
      <Button size="small" startIcon={<AddIcon />} onClick={() => append(newItem())}>
        {t('actions.add', { group: groupLabel })}
      </Button>
    </Box>
  );
}

/** A list of plain texts (causale, riferimento_numero_linea): one box each. */
export function TextListField({
  name,
  label,
  maxLength,
  size = 12,
}: {
  name: string;
  label: string;
  maxLength?: number;
  size?: number;
}) {
  const { t } = useTranslation('invoiceForm');
  const { control, setValue } = useFormContext();
  const watched: unknown = useWatch({ control, name });
  const items = Array.isArray(watched) ? (watched as unknown[]) : [];
  const fieldLabel = t(`fields.${label}`);
  return (
    <Grid size={{ xs: 12, md: size }}>
      <Grid container spacing={1}>
        {items.map((_, index) => (
          <Grid key={index} size={12} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Grid container sx={{ flexGrow: 1 }}>
              <InvoiceField
                base={name}
                spec={{ path: String(index), label, maxLength, size: 12 }}
              />
            </Grid>
            <IconButton
              size="small"
              aria-label={t('actions.remove', { item: `${fieldLabel} ${index + 1}` })}
              onClick={() =>
                setValue(
                  name,
                  items.filter((__, position) => position !== index),
                  { shouldDirty: true },
                )
              }
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Grid>
        ))}
      </Grid>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => setValue(name, [...items, ''], { shouldDirty: true })}
      >
        {t('actions.add', { group: fieldLabel })}
      </Button>
    </Grid>
  );
}
