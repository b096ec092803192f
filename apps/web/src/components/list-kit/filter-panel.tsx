import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilterField } from './date-range-filter-field';
import { filterInputKey } from './filter-inputs';
import type { FilterInput, FilterOption } from './filter-inputs';
import type { FilterValue, FilterValues } from './list-query-string';
import { MultiSelectFilterField } from './multi-select-filter-field';

/** What the panel needs from `useListState`. */
export interface FilterPanelState<F extends FilterValues> {
  filters: F;
  defaultFilters: F;
  setFilters: (filters: F) => void;
  clearFilters: () => void;
}

interface FilterPanelProps<F extends FilterValues> {
  state: FilterPanelState<F>;
  inputs: FilterInput[];
  /** Open on first render; filters already applied open it anyway. */
  defaultExpanded?: boolean;
  /**
   * Asks the server again. Search with unchanged filters calls it: the address does not change
   * then, yet the user expects fresh rows (markings move by themselves).
   */
  onRefresh?: () => void;
}

function asText(value: FilterValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function asList(value: FilterValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

function hasValue(value: FilterValue): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== '';
}

function SingleSelectField({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: FilterOption[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const labelId = useId();
  return (
    <FormControl size="small" fullWidth disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * The filter inputs edit a draft; Search applies it (back to page 1), Clear restores the
 * defaults. Remounted whenever the applied filters change (Back, a link), so the draft
 * always starts from what the list is showing.
 */
function FilterForm<F extends FilterValues>({ state, inputs, onRefresh }: FilterPanelProps<F>) {
  const { t } = useTranslation('listKit');
  const [draft, setDraft] = useState<F>(state.filters);
  const set = (changes: FilterValues) => setDraft((current) => ({ ...current, ...changes }));
  const isDisabled = (input: FilterInput) =>
    typeof input.disabled === 'function' ? input.disabled(draft) : input.disabled;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const unchanged = JSON.stringify(draft) === JSON.stringify(state.filters);
    state.setFilters(draft);
    if (unchanged) onRefresh?.();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, pt: 0 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {inputs.map((input) => {
          const key = filterInputKey(input);
          switch (input.kind) {
            case 'text':
              return (
                <TextField
                  key={key}
                  size="small"
                  type={input.type ?? 'text'}
                  label={input.label}
                  disabled={isDisabled(input)}
                  value={asText(draft[input.name])}
                  onChange={(event) => set({ [input.name]: event.target.value })}
                />
              );
            case 'select':
              return (
                <SingleSelectField
                  key={key}
                  label={input.label}
                  disabled={isDisabled(input)}
                  value={asText(draft[input.name])}
                  options={
                    input.allowAny === false
                      ? input.options
                      : [{ value: '', label: t('filters.any') }, ...input.options]
                  }
                  onChange={(value) => set({ [input.name]: value })}
                />
              );
            case 'triState':
              return (
                <SingleSelectField
                  key={key}
                  label={input.label}
                  disabled={isDisabled(input)}
                  value={asText(draft[input.name])}
                  options={[
                    { value: '', label: t('filters.any') },
                    { value: input.trueValue ?? 'true', label: t('filters.yes') },
                    { value: input.falseValue ?? 'false', label: t('filters.no') },
                  ]}
                  onChange={(value) => set({ [input.name]: value })}
                />
              );
            case 'multiSelect':
              return (
                <MultiSelectFilterField
                  key={key}
                  label={input.label}
                  disabled={isDisabled(input)}
                  options={input.options}
                  value={asList(draft[input.name])}
                  onChange={(value) => set({ [input.name]: value })}
                />
              );
            case 'dateRange':
              return (
                <Box key={key} sx={{ gridColumn: { sm: 'span 2' } }}>
                  <DateRangeFilterField
                    label={input.label}
                    disabled={isDisabled(input)}
                    from={asText(draft[input.fromName])}
                    to={asText(draft[input.toName])}
                    onChange={(from, to) => set({ [input.fromName]: from, [input.toName]: to })}
                  />
                </Box>
              );
          }
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button
          type="button"
          onClick={() => {
            // The applied filters may already be the defaults (no remount then): reset the
            // draft too, so unsent typing disappears as well.
            setDraft(state.defaultFilters);
            state.clearFilters();
          }}
        >
          {t('filters.clear')}
        </Button>
        <Button type="submit" variant="contained">
          {t('filters.search')}
        </Button>
      </Stack>
    </Box>
  );
}

/** A collapsible panel holding a list's filter inputs with Search and Clear buttons. */
export function FilterPanel<F extends FilterValues>({
  state,
  inputs,
  defaultExpanded = false,
  onRefresh,
}: FilterPanelProps<F>) {
  const { t } = useTranslation('listKit');
  const activeCount = Object.values(state.filters).filter(hasValue).length;
  // On a phone the panel starts collapsed (the table comes first); its title counts the filters.
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [expanded, setExpanded] = useState(!isPhone && (defaultExpanded || activeCount > 0));
  const regionId = useId();

  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Button
        fullWidth
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        aria-controls={regionId}
        startIcon={<FilterListIcon />}
        endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ justifyContent: 'flex-start', px: 2, py: 1 }}
      >
        <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
          {activeCount > 0
            ? t('filters.titleWithCount', { count: activeCount })
            : t('filters.title')}
        </Box>
      </Button>
      <Collapse in={expanded} id={regionId} unmountOnExit>
        <FilterForm
          key={JSON.stringify(state.filters)}
          state={state}
          inputs={inputs}
          onRefresh={onRefresh}
        />
      </Collapse>
    </Paper>
  );
}
