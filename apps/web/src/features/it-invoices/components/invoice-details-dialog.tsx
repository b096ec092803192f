import type { Invoice } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { DetailsDialog } from '../../../components/list-kit';
import { useSession } from '../../../lib/auth';
import { useCan } from '../../../lib/roles';
import { invoiceQueries } from '../api/invoice-queries';
import { markingColor } from '../model/badge-colors';
import { markingLabelKey, pollWhileUnsettled } from '../model/invoice-rules';
import { ActionsTab } from './actions-tab';
import { AttachmentsTab } from './attachments-tab';
import { InfoTab } from './info-tab';
import { JsonTab, PreviewTab, XmlTab } from './invoice-source-tabs';
import { PreservationTab } from './preservation-tab';
import {
  draftTabs,
  INVOICE_TAB_PARAM,
  invoiceTabs,
  type InvoiceDialogVariant,
  type InvoiceTab,
} from './invoice-dialog-link';
import { StatusBadge } from './status-badge';

export {
  draftTabs,
  INVOICE_DIALOG_ID,
  INVOICE_TAB_PARAM,
  invoiceDialogHref,
  invoiceTabs,
} from './invoice-dialog-link';
export type { InvoiceDialogVariant, InvoiceTab } from './invoice-dialog-link';

/** Spec 2: actions need ROLE_CONFIG in `it` and no switched user. */
function useCanUseActions(): boolean {
  const access = useCan();
  const session = useSession();
  return access.can('it', 'ROLE_CONFIG') && !session?.impersonation;
}

/**
 * The invoice details dialog (spec 2 "Invoice details dialog"), its tab kept in the URL. The
 * draft variant (the drafts page's details) loads the draft and shows its four tabs only.
 */
export function InvoiceDetailsDialog({
  uuid,
  onClose,
  creditNoteAction,
  onRequestPayment,
  variant = 'invoice',
}: {
  uuid: string;
  onClose: () => void;
  creditNoteAction?: ((invoice: Invoice) => ReactNode) | undefined;
  onRequestPayment?: ((invoice: Invoice) => void) | undefined;
  variant?: InvoiceDialogVariant;
}) {
  const { t } = useTranslation('invoices');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const isDraft = variant === 'draft';
  const sent = useQuery({
    ...invoiceQueries.detail(uuid),
    enabled: !isDraft,
    refetchInterval: (current) => pollWhileUnsettled(current.state.data && [current.state.data]),
  });
  const stored = useQuery({ ...invoiceQueries.draft(uuid), enabled: isDraft });
  const invoice = isDraft ? stored : sent;
  const withActions = useCanUseActions();
  const tabs: readonly InvoiceTab[] = isDraft
    ? draftTabs
    : invoiceTabs.filter((tab) => tab !== 'actions' || withActions);
  const requested = searchParams.get(INVOICE_TAB_PARAM);
  const tab: InvoiceTab = tabs.find((entry) => entry === requested) ?? 'info';

  const selectTab = (next: InvoiceTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(INVOICE_TAB_PARAM, next);
        return params;
      },
      // A tab switch is not a step the user wants Back to undo; Back closes the dialog. The
      // history state is kept: it tells the kit that closing may simply go back.
      { replace: true, state: location.state as unknown },
    );

  const data = invoice.data;
  const title = data ? (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <span>
        {t(
          isDraft
            ? 'details.titleDraft'
            : data.type === 0
              ? 'details.titleCustomer'
              : 'details.titleSupplier',
          { number: data.invoiceNumber ?? '' },
        )}
      </span>
      <StatusBadge label={t(markingLabelKey(data))} color={markingColor(data.marking)} />
    </Stack>
  ) : (
    t('details.title')
  );

  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={title}
      isLoading={invoice.isPending}
      isError={false}
      maxWidth="lg"
      alignTop
    >
      {invoice.isError || !data ? (
        <Alert severity="error">{t('messages.somethingWentWrong')}</Alert>
      ) : (
        <Box>
          <Tabs
            value={tab}
            onChange={(_event, next: InvoiceTab) => selectTab(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            {tabs.map((entry) => (
              <Tab key={entry} value={entry} label={t(`details.tabs.${entry}`)} />
            ))}
          </Tabs>
          <Box role="tabpanel" aria-label={t(`details.tabs.${tab}`)}>
            {tab === 'info' && (
              <InfoTab
                invoice={data}
                creditNoteAction={creditNoteAction}
                onRequestPayment={onRequestPayment}
                draft={isDraft}
              />
            )}
            {tab === 'attachments' && <AttachmentsTab invoice={data} fromPayload={isDraft} />}
            {tab === 'preservation' && !isDraft && <PreservationTab invoice={data} />}
            {tab === 'json' && <JsonTab invoice={data} />}
            {tab === 'xml' && <XmlTab uuid={data.uuid} draft={isDraft} />}
            {tab === 'preview' && !isDraft && <PreviewTab uuid={data.uuid} />}
            {tab === 'actions' && !isDraft && withActions && <ActionsTab invoice={data} />}
          </Box>
        </Box>
      )}
    </DetailsDialog>
  );
}
