import Box from '@mui/material/Box';
import { TextField } from '../../../components/form';

/**
 * The invoice file name and SDI id of both import dialogs: required only when nothing else
 * (notifications, metadata) gives them, with a hint saying where they come from otherwise.
 */
export function FileNameAndSdiIdFields({ required, hint }: { required: boolean; hint: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <TextField name="invoice_file_name" required={required} help={hint} fullWidth={false} />
      <TextField name="sdi_id" required={required} help={hint} fullWidth={false} />
    </Box>
  );
}
