import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  id: string;
  label: string;
  visible: boolean;
}

interface ColumnChooserProps {
  columns: ChoosableColumn[];
  onToggle: (columnId: string, visible: boolean) => void;
  onReset: () => void;
}

/** The "Columns" menu: one checkbox per column; the last visible column cannot be hidden. */
export function ColumnChooser({ columns, onToggle, onReset }: ColumnChooserProps) {
  const { t } = useTranslation('listKit');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visibleCount = columns.filter((column) => column.visible).length;

  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('columns.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((column) => {
          const locked = column.visible && visibleCount === 1;
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={column.visible}
              disabled={locked}
              onClick={() => onToggle(column.id, !column.visible)}
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={column.visible}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText primary={column.label} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            onReset();
            setAnchor(null);
          }}
        >
          <ListItemText inset primary={t('columns.reset')} />
        </MenuItem>
      </Menu>
    </>
  );
}
