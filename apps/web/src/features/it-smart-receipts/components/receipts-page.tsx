/**
 * `/smart-receipts-sale`, `/smart-receipts-return` and `/smart-receipts-void` (italian-invoicing
 * spec 2 "Smart receipt screens"): one list a receipt type, with the filter panel, the table and
 * the details dialog through the URL. On the sale list, 'new receipt' opens the sale form, and an
 * accepted sale (status ready) offers its return and its void; a receipt still waiting for the
 * Agenzia's answer is asked again until it settles.
 */
import type { Receipt, ReceiptTypeName } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BlockIcon from '@mui/icons-material/Block';
import InfoIcon from '@mui/icons-material/Info';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { receiptQueries, useVoidReceipt } from '../api/receipt-queries';
import {
  defaultReceiptFilters,
  pollReceipts,
  RECEIPT_TABLE_KEYS,
  toReceiptListQuery,
} from '../model/receipt-filters';
import { receiptColumns, receiptFilterInputs } from './receipt-columns';

/** `?dialogId=receipt&dialog_uuid=…` opens a receipt's details over its list. */
export const RECEIPT_DIALOG_ID = 'receipt';

const ReceiptDetailsDialog = lazyPart(
  () => import('./receipt-details-dialog').then((module) => module.ReceiptDetailsDialog),
  ['smartReceipts'],
);
const SaleDialog = lazyPart(
  () => import('./sale-dialog').then((module) => module.SaleDialog),
  ['smartReceipts'],
);
const ReturnDialog = lazyPart(
  () => import('./return-dialog').then((module) => module.ReturnDialog),
  ['smartReceipts'],
);

const VoidReceiptDialog = lazyPart(
  () => import('./void-receipt-dialog').then((module) => module.VoidReceiptDialog),
  ['smartReceipts'],
);

const receiptId = (receipt: Receipt) => receipt.uuid;

function ReceiptsPage({ type }: { type: ReceiptTypeName }) {
  const [defaultFilters] = useState(() => defaultReceiptFilters(dayjs()));
  const list = useListState(RECEIPT_TABLE_KEYS[type], { defaultFilters });
  const query = useMemo(() => toReceiptListQuery(type, list.queryParams), [type, list.queryParams]);
  usePrefetchQuery(receiptQueries.list(query));
  const { t } = useTranslation(['smartReceipts', 'listKit']);
  const language = currentLanguage();
  const receipts = useQuery({
    ...receiptQueries.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => pollReceipts(current.state.data?.items),
  });
  const details = useUrlDialog(RECEIPT_DIALOG_ID, ['uuid']);
  const create = useUrlDialog('new', []);
  const giveBack = useRowDialog('return', receipts.data?.items, receiptId);
  const cancel = useRowDialog('void', receipts.data?.items, receiptId);
  const voidReceipt = useVoidReceipt();
  const parts =
    type === 'sale' ? [ReceiptDetailsDialog, SaleDialog, ReturnDialog] : [ReceiptDetailsDialog];

  return (
    <ResourceListPage
      title={t(`titles.${type}`)}
      subtitle={t(`subtitles.${type}`)}
      list={list}
      filters={receiptFilterInputs(t)}
      query={receipts}
      columns={receiptColumns({
        t,
        language,
        type,
        detailsHref: (uuid) => details.href({ uuid }),
        onShowDetails: (uuid) => details.open({ uuid }),
      })}
      getRowId={receiptId}
      prefetch={parts}
      headerActions={
        type === 'sale' ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
            {t('actions.new')}
          </Button>
        ) : undefined
      }
      rowActions={(receipt) => [
        {
          id: 'details',
          label: t('actions.details'),
          icon: InfoIcon,
          onClick: () => details.open({ uuid: receipt.uuid }),
        },
        {
          id: 'return',
          label: t('actions.return'),
          icon: AssignmentReturnIcon,
          hidden: !(type === 'sale' && receipt.status === 'ready' && !receipt.voiding_receipt),
          onClick: () => giveBack.open(receipt),
        },
        {
          id: 'void',
          label: t('actions.void'),
          icon: BlockIcon,
          color: 'error',
          hidden: !(
            type === 'sale' &&
            receipt.status === 'ready' &&
            !receipt.voiding_receipt &&
            receipt.return_receipts.length === 0
          ),
          onClick: () => cancel.open(receipt),
        },
      ]}
    >
      {details.data && <ReceiptDetailsDialog uuid={details.data.uuid} onClose={details.close} />}
      {type === 'sale' && create.data && <SaleDialog onClose={create.close} />}
      {giveBack.row && <ReturnDialog sale={giveBack.row} onClose={giveBack.close} />}
      {cancel.row && (
        <VoidReceiptDialog
          receipt={cancel.row}
          onVoid={(uuid) => voidReceipt.mutateAsync(uuid)}
          onClose={cancel.close}
        />
      )}
    </ResourceListPage>
  );
}

export function SaleReceiptsPage() {
  return <ReceiptsPage type="sale" />;
}

export function ReturnReceiptsPage() {
  return <ReceiptsPage type="return" />;
}

export function VoidReceiptsPage() {
  return <ReceiptsPage type="void" />;
}
