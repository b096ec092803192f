/**
 * The list's legal entity filter (spec 2 "Invoice lists": legalEntityUuid; spec 9: a searchable
 * select with a 300 ms debounce). It asks the API for the legal entities whose name (or NIP,
 * when digits are typed) matches, 300 ms after the typing stops, and applies the choice at once.
 * The kit's filter panel has no input of this kind, so it sits in the table's toolbar, bound to
 * the same list state (and so to the address) as the panel's inputs.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invoiceQueries } from '../api/invoice-queries';

/** Spec 9: the searchable select waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface EntityOption {
  uuid: string;
  name: string;
  nip: string;
}

interface LegalEntityFilterProps {
  /** The chosen legal entity's uuid, '' for all. */
  value: string;
  onChange: (uuid: string) => void;
  label: string;
  noOptionsText: string;
  loadingText: string;
}

export function LegalEntityFilter({
  value,
  onChange,
  label,
  noOptionsText,
  loadingText,
}: LegalEntityFilterProps) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const options = useQuery({
    ...invoiceQueries.legalEntityOptions(search),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({ ...invoiceQueries.legalEntity(value), enabled: value !== '' });
  // Until the chosen entity has been read (or when it no longer exists), its uuid stands for it.
  const selected: EntityOption | null =
    value === '' ? null : (chosen.data ?? { uuid: value, name: value, nip: '' });

  return (
    <Autocomplete<EntityOption>
      size="small"
      sx={{ width: { xs: '100%', sm: 320 } }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.data?.items ?? []}
      value={selected}
      // The API filters; the options are what it answered.
      filterOptions={(list) => list}
      getOptionLabel={(entity) => (entity.nip ? `${entity.name} (${entity.nip})` : entity.name)}
      isOptionEqualToValue={(option, current) => option.uuid === current.uuid}
      onChange={(_event, next) => onChange(next?.uuid ?? '')}
      onInputChange={(_event, text, reason) => {
        // Typing searches; a choice shows its label in the box and the next opening lists all.
        setInput(reason === 'input' ? text : '');
      }}
      loading={options.isFetching}
      loadingText={loadingText}
      noOptionsText={noOptionsText}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
