import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegisterFields } from '../../../components/form';
import { joinPath, type FieldSpec } from './field-spec';
import { InvoiceField } from './invoice-field';

/** Any of the values (strings, or lists and objects holding one) is filled in. */
export function hasAnyValue(values: unknown[]): boolean {
  return values.some((value) => {
    if (typeof value === 'string') return value.trim() !== '';
    if (Array.isArray(value)) return value.length > 0;
    if (value !== null && typeof value === 'object') return hasAnyValue(Object.values(value));
    return false;
  });
}

/** Required fields on a 12-column grid. */
export function FieldGrid({
  base,
  fields,
  disabledPaths = [],
}: {
  base: string;
  fields: readonly FieldSpec[];
  disabledPaths?: readonly string[];
}) {
  return (
    <Grid container spacing={2}>
      {fields.map((spec) => (
        <InvoiceField
          key={spec.path}
          base={base}
          spec={spec}
          disabled={disabledPaths.includes(spec.path)}
        />
      ))}
    </Grid>
  );
}

/**
 * Optional inputs under a toggle (spec 2 "Invoice form"): open from the start when one of them
 * already has a value (not counting what the console fills in by itself), and opened by itself
 * when one of them gets an error. Closed, its inputs are no stops of the Tab key.
 */
export function OptionalBlock({
  base,
  paths,
  autoFilledPaths = [],
  labels,
  children,
}: {
  base: string;
  /** Paths (below base) of everything inside, to know whether it holds a value or an error. */
  paths: readonly string[];
  /** Paths among `paths` whose value alone keeps the block closed (filled in by the console). */
  autoFilledPaths?: readonly string[];
  /** The toggle's words; 'More fields' / 'Fewer fields' by default. */
  labels?: { show: string; hide: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('invoiceForm');
  const { control } = useFormContext();
  const names = paths.map((path) => joinPath(base, path));
  useRegisterFields(names);
  const values = useWatch({ control, name: names });
  const { errors } = useFormState({ control, name: names });
  const hasError = names.some((name) => get(errors, name) !== undefined);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const typedValues = values.filter((_, index) => !autoFilledPaths.includes(paths[index] ?? ''));
  const open = hasError || (toggled ?? hasAnyValue(typedValues));
  const regionId = useId();
  return (
    <>
      <Button
        size="small"
        onClick={() => setToggled(!open)}
        startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={open}
        aria-controls={regionId}
        sx={{ mt: 1 }}
      >
        {open
          ? (labels?.hide ?? t('actions.hideOptional'))
          : (labels?.show ?? t('actions.showOptional'))}
      </Button>
      <Collapse in={open} unmountOnExit id={regionId}>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {children}
        </Grid>
      </Collapse>
    </>
  );
}

/** A titled block: its required fields, then the optional ones folded. */
export function FormSection({
  title,
  base,
  required,
  optional = [],
  disabledPaths,
  children,
}: {
  title: string;
  base: string;
  required: readonly FieldSpec[];
  optional?: readonly FieldSpec[];
  disabledPaths?: readonly string[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      <FieldGrid base={base} fields={required} disabledPaths={disabledPaths} />
      {optional.length > 0 && (
        <OptionalBlock
          base={base}
          paths={optional.map((spec) => spec.path)}
          autoFilledPaths={optional.filter((spec) => spec.autoFilled).map((spec) => spec.path)}
        >
          {optional.map((spec) => (
            <InvoiceField key={spec.path} base={base} spec={spec} />
          ))}
        </OptionalBlock>
      )}
      {children}
    </Paper>
  );
}
