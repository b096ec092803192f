/**
 * 'Download CSV' under the transfers table (spec 2, 7, 9): the filtered transfers, 1,000 a
 * page. Up to 1,000 it is one button; past that the button offers each block of 1,000 rows.
 */
import { TRANSFER_CSV_MAX_ITEMS_PER_PAGE } from '@fiscus/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many CSV pages `total` transfers make (at least one). */
export function csvPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / TRANSFER_CSV_MAX_ITEMS_PER_PAGE));
}

export function CsvDownloadButton({
  total,
  onDownload,
}: {
  /** How many transfers the filters match. */
  total: number;
  onDownload: (page: number) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('invoiceTransfers');
  const [busy, setBusy] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pages = csvPageCount(total);
  const number = new Intl.NumberFormat(i18n.language);

  const run = async (page: number) => {
    setAnchor(null);
    setBusy(true);
    try {
      await onDownload(page);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={busy}
        aria-haspopup={pages > 1 ? 'menu' : undefined}
        onClick={(event) => (pages > 1 ? setAnchor(event.currentTarget) : void run(1))}
      >
        {t('actions.downloadCsv')}
      </Button>
      {pages > 1 && (
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {Array.from({ length: pages }, (_, index) => {
            const from = index * TRANSFER_CSV_MAX_ITEMS_PER_PAGE + 1;
            const to = Math.min(total, (index + 1) * TRANSFER_CSV_MAX_ITEMS_PER_PAGE);
            return (
              <MenuItem key={index} onClick={() => void run(index + 1)}>
                {t('actions.csvRows', { from: number.format(from), to: number.format(to) })}
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </>
  );
}
