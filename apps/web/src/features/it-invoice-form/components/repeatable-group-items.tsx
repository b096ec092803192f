import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The items of a repeatable block: a titled group each, with its remove action when allowed. */
export function RepeatableGroupItems({
  items,
  title,
  canRemove = true,
  onRemove,
  render,
}: {
  items: readonly { id: string }[];
  title: (index: number) => string;
  canRemove?: boolean;
  onRemove: (index: number) => void;
  render: (index: number) => ReactNode;
}) {
  const { t } = useTranslation('invoiceForm');
  return items.map((item, index) => {
    const itemLabel = title(index);
    return (
      <Box
        key={item.id}
        role="group"
        aria-label={itemLabel}
        sx={{ borderLeft: 3, borderColor: 'divider', pl: 2, py: 1, mb: 1 }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" sx={{ flexGrow: 1, fontWeight: 600 }}>
            {itemLabel}
          </Typography>
          {canRemove && (
            <IconButton
              size="small"
              aria-label={t('actions.remove', { item: itemLabel })}
              onClick={() => onRemove(index)}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
        {render(index)}
      </Box>
    );
  });
}
