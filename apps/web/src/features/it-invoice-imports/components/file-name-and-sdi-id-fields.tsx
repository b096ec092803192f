import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../../../components/form';
import { readSdiFileIdentity } from '../model/sdi-file-identity';

const identityFields = ['invoice_file_name', 'sdi_id'] as const;

/**
 * The invoice file name and SDI id of both import dialogs: required only when nothing else
 * (notifications, metadata) gives them, with a hint saying where they come from otherwise.
 * `source` is the metadata or notification file that names them: they are filled from it when
 * empty. When they stop being required, their 'required' errors go at once.
 */
export function FileNameAndSdiIdFields({
  required,
  hint,
  source,
}: {
  required: boolean;
  hint: string;
  source: File | null;
}) {
  const { getValues, setValue, trigger, formState } = useFormContext<{
    invoice_file_name: string;
    sdi_id: string;
  }>();
  const submitted = formState.isSubmitted;
  // Read in the effects without making them run again on every submit.
  const submittedRef = useRef(submitted);
  submittedRef.current = submitted;

  useEffect(() => {
    if (submittedRef.current) void trigger([...identityFields]);
  }, [required, trigger]);

  useEffect(() => {
    if (!source) return;
    let current = true;
    void readSdiFileIdentity(source).then(({ fileName, sdiId }) => {
      if (!current) return;
      const found = { invoice_file_name: fileName, sdi_id: sdiId };
      for (const name of identityFields) {
        const value = found[name];
        if (value && getValues(name).trim() === '') {
          setValue(name, value, { shouldDirty: true, shouldValidate: submittedRef.current });
        }
      }
    });
    return () => {
      current = false;
    };
  }, [source, getValues, setValue]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <TextField name="invoice_file_name" required={required} help={hint} fullWidth={false} />
      <TextField name="sdi_id" required={required} help={hint} fullWidth={false} />
    </Box>
  );
}
