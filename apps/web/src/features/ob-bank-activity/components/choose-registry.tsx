/** What the payments and transactions screens show before a registry is chosen. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { ListPageHeader } from '../../../components/resource-page';

export function ChooseRegistry({
  title,
  subtitle,
  picker,
  message,
}: {
  title: string;
  subtitle: string;
  picker: ReactNode;
  message: string;
}) {
  return (
    <Box>
      <ListPageHeader title={title} subtitle={subtitle} actions={picker} />
      <Alert severity="info">{message}</Alert>
    </Box>
  );
}
