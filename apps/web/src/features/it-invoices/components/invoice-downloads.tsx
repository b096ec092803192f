import DoneAllIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/Download';
import RemoveDoneIcon from '@mui/icons-material/RemoveDone';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../lib/api-client';
import { downloadPageZip, downloadReport, zipContents } from '../api/invoice-files';
import type { ZipContent } from '../api/invoice-files';
import { useSetDownloaded } from '../api/use-set-downloaded';
import type { InvoiceDirection } from '../model/invoice-filters';

interface InvoiceDownloadsProps {
  direction: InvoiceDirection;
  /** The API query of the page on screen. */
  query: QueryParams;
  selectedIds: string[];
  onSelectionDone: () => void;
}

/**
 * The list's download actions (spec 2 "Download options"): zip of the current page, CSV report,
 * and setting the selected invoices as downloaded or not.
 */
export function InvoiceDownloads({
  direction,
  query,
  selectedIds,
  onSelectionDone,
}: InvoiceDownloadsProps) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const setDownloaded = useSetDownloaded();

  const run = async (action: () => Promise<void>) => {
    setAnchor(null);
    setBusy(true);
    try {
      await action();
    } catch {
      enqueueSnackbar(t('messages.downloadError'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const mark = (downloaded: boolean) => {
    if (selectedIds.length === 0) {
      enqueueSnackbar(t('messages.nothingSelected'), { variant: 'warning' });
      return;
    }
    setDownloaded.mutate(
      { uuids: selectedIds, downloaded },
      {
        onSuccess: () => {
          enqueueSnackbar(
            t(downloaded ? 'messages.setAsDownloaded' : 'messages.setAsNotDownloaded'),
            { variant: 'success' },
          );
          onSelectionDone();
        },
        onError: () => enqueueSnackbar(t('messages.genericError'), { variant: 'error' }),
      },
    );
  };

  return (
    <>
      <Button
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        loading={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('downloads.menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {zipContents.map((content: ZipContent) => (
          <MenuItem
            key={content}
            onClick={() => void run(() => downloadPageZip(direction, query, content))}
          >
            {t(`downloads.zip.${content}`)}
          </MenuItem>
        ))}
        <MenuItem onClick={() => void run(() => downloadReport(query))}>
          {t('downloads.report')}
        </MenuItem>
      </Menu>
      <Button
        startIcon={<DoneAllIcon />}
        disabled={setDownloaded.isPending}
        onClick={() => mark(true)}
      >
        {t('downloads.setDownloaded')}
      </Button>
      <Button
        startIcon={<RemoveDoneIcon />}
        disabled={setDownloaded.isPending}
        onClick={() => mark(false)}
      >
        {t('downloads.setNotDownloaded')}
      </Button>
    </>
  );
}
