/**
 * The upload dialog's folder tree (spec 2: "a folder tree of remote directories, loaded on
 * expansion, the root shown as '/'"): the root's folders come with the dialog, a folder's
 * children are asked for (`GET /api/transfer/it/dirs?prefix=…`) the first time it is opened.
 * Choosing a folder selects it and opens it; the arrow keys open and close, as in a tree.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { transferQueries } from '../api/transfer-queries';
import { TRANSFER_ROOT_DIR } from '../model/upload-rules';

interface FolderTreeProps {
  /** The chosen folder: '/' for the root, else its path ('2026/march'). */
  selected: string;
  onSelect: (folder: string) => void;
  label: string;
}

/** The last name of a folder path. */
function folderName(path: string): string {
  return path.split('/').at(-1) ?? path;
}

/** A folder's children, asked for once it is open. */
function FolderChildren({
  prefix,
  level,
  selected,
  onSelect,
}: {
  prefix: string;
  level: number;
  selected: string;
  onSelect: (folder: string) => void;
}) {
  const { t } = useTranslation('invoiceTransfers');
  const dirs = useQuery(transferQueries.dirs(prefix));
  if (dirs.isPending) {
    return (
      <Box sx={{ pl: level * 2 + 2, py: 0.5 }} role="none">
        <CircularProgress size={16} aria-label={t('upload.loadingFolders')} />
      </Box>
    );
  }
  if (dirs.isError) {
    return (
      <Typography role="none" color="error" variant="body2" sx={{ pl: level * 2 + 2 }}>
        {t('upload.foldersError')}
      </Typography>
    );
  }
  if (dirs.data.dirs.length === 0) {
    return (
      <Typography role="none" color="text.secondary" variant="body2" sx={{ pl: level * 2 + 2 }}>
        {t('upload.noSubfolders')}
      </Typography>
    );
  }
  return (
    <List role="group" dense disablePadding>
      {dirs.data.dirs.map((path) => (
        <FolderItem key={path} path={path} level={level} selected={selected} onSelect={onSelect} />
      ))}
    </List>
  );
}

function FolderItem({
  path,
  level,
  selected,
  onSelect,
}: {
  path: string;
  level: number;
  selected: string;
  onSelect: (folder: string) => void;
}) {
  const [open, setOpen] = useState(path === TRANSFER_ROOT_DIR);
  const isSelected = selected === path;
  const isRoot = path === TRANSFER_ROOT_DIR;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' && !open) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'ArrowLeft' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  return (
    <Box component="li" sx={{ listStyle: 'none' }} role="none">
      <ListItemButton
        role="treeitem"
        aria-level={level}
        aria-expanded={open}
        aria-selected={isSelected}
        selected={isSelected}
        onKeyDown={onKeyDown}
        onClick={() => {
          if (isSelected) setOpen((current) => !current);
          else {
            onSelect(path);
            setOpen(true);
          }
        }}
        sx={{ pl: (level - 1) * 2 + 1, py: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 28 }}>
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </ListItemIcon>
        <ListItemIcon sx={{ minWidth: 28 }}>
          {open ? <FolderOpenIcon fontSize="small" /> : <FolderIcon fontSize="small" />}
        </ListItemIcon>
        <ListItemText
          primary={isRoot ? TRANSFER_ROOT_DIR : folderName(path)}
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
      {open && (
        <FolderChildren
          prefix={isRoot ? '' : path}
          level={level + 1}
          selected={selected}
          onSelect={onSelect}
        />
      )}
    </Box>
  );
}

export function FolderTree({ selected, onSelect, label }: FolderTreeProps) {
  return (
    <List
      role="tree"
      aria-label={label}
      dense
      disablePadding
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 240, overflow: 'auto' }}
    >
      <FolderItem path={TRANSFER_ROOT_DIR} level={1} selected={selected} onSelect={onSelect} />
    </List>
  );
}
