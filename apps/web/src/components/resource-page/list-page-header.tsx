/**
 * The heading of a list page: the page title (the page's only h1), the buttons beside it and an
 * optional line of explanation under it.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ListPageHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons beside the title (e.g. "New", "View last sent"). */
  actions?: ReactNode;
}

export function ListPageHeader({ title, subtitle, actions }: ListPageHeaderProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
