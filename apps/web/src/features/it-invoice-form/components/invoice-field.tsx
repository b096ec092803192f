import { fieldError, type FieldLang } from '@fiscus/fatturapa/fields';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { memo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, TextField } from '../../../components/form';
import { formatDecimalOnBlur } from '../model/decimal-format';
import { joinPath, type FieldSpec } from './field-spec';
import { useFormMessage } from './use-form-message';

function lastSegment(path: string): string {
  return path.split('.').pop() ?? path;
}

/** The language `fieldError` speaks for the user's: Italian, Polish, else English. */
function checkLanguage(language: string): FieldLang {
  if (language.startsWith('it')) return 'it';
  return language.startsWith('pl') ? 'pl' : 'en';
}

const adviceStyle = {
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'warning.main' },
  '& .MuiFormHelperText-root': { color: 'warning.dark' },
} as const;

/**
 * One input of the invoice form, drawn from its spec on the form kit's text field: label from
 * `fields.<name>`, upper-casing, number formatting on blur, check-digit helper text and the
 * client or server error. Memoised: the totals re-render on every keystroke and must not redraw
 * every box they contain.
 */
export const InvoiceField = memo(function InvoiceField({
  base,
  spec,
  disabled = false,
}: {
  base: string;
  spec: FieldSpec;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation(['invoiceForm', 'codeLists']);
  const translateMessage = useFormMessage();
  const name = joinPath(base, spec.path);
  const { control, getFieldState } = useFormContext();
  const fieldFormState = useFormState({ control, name });
  const conditionPath = spec.checkWhen ? joinPath(base, spec.checkWhen.path) : name;
  const watched: unknown = useWatch({ control, name });
  const condition: unknown = useWatch({ control, name: conditionPath });
  const value = typeof watched === 'string' ? watched : '';
  const invalid = getFieldState(name, fieldFormState).invalid;

  const checkApplies =
    spec.check !== undefined &&
    (!spec.checkWhen || String(condition ?? '').toUpperCase() === spec.checkWhen.equals);
  const checkMessage =
    checkApplies && spec.check
      ? fieldError(spec.check, value, checkLanguage(i18n.language ?? 'en'))
      : undefined;
  const adviceOnly = checkMessage !== undefined && !invalid;
  const labelKey = spec.label ?? lastSegment(spec.path);
  const kind = spec.kind ?? 'text';

  if (kind === 'date') {
    // Dates are picked and written in the user's language (the kit's picker), held as ISO.
    return (
      <Grid size={{ xs: 12, md: spec.size ?? 4 }}>
        <DateField
          name={name}
          label={t(`fields.${labelKey}`)}
          help={null}
          translateMessage={translateMessage}
          required={spec.required}
          disabled={disabled}
          size="small"
        />
      </Grid>
    );
  }

  return (
    <Grid size={{ xs: 12, md: spec.size ?? 4 }}>
      <TextField
        name={name}
        label={t(`fields.${labelKey}`)}
        help={checkMessage ?? null}
        translateMessage={translateMessage}
        transform={spec.upper ? (typed) => typed.toUpperCase() : undefined}
        formatOnBlur={
          kind === 'amount' || kind === 'price'
            ? (typed) => formatDecimalOnBlur(typed, kind)
            : undefined
        }
        required={spec.required}
        disabled={disabled}
        select={kind === 'select'}
        multiline={kind === 'multiline'}
        minRows={kind === 'multiline' ? 2 : undefined}
        size="small"
        // A failed check digit is advice, in amber: SDI decides on its registries (00301), and
        // its sandbox knows the official samples' numbers, whose check digits are wrong.
        sx={adviceOnly ? adviceStyle : undefined}
        slotProps={{
          htmlInput: {
            maxLength: spec.maxLength,
            readOnly: spec.readOnly,
            // Computed values are read, never typed: the Tab key goes past them.
            tabIndex: spec.readOnly ? -1 : undefined,
            inputMode: kind === 'amount' || kind === 'price' ? 'decimal' : undefined,
          },
        }}
      >
        {kind === 'select' && [
          ...(spec.required
            ? []
            : [
                <MenuItem key="" value="">
                  {t('actions.none')}
                </MenuItem>,
              ]),
          // A value outside the list (an old invoice) is still shown rather than dropped.
          ...(value !== '' && !(spec.options ?? []).includes(value)
            ? [
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>,
              ]
            : []),
          ...(spec.options ?? []).map((option) => (
            <MenuItem key={option} value={option}>
              {/* Keys cannot hold dots (they nest): N2.1 is stored as N2_1. */}
              {spec.codeList
                ? `${option} · ${t(`codeLists:${spec.codeList}.${option.replaceAll('.', '_')}`)}`
                : option}
            </MenuItem>
          )),
        ]}
      </TextField>
    </Grid>
  );
});
