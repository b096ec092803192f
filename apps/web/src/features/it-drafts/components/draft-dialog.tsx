import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';
import { apiFetch } from '../../../lib/api-client';
import { ApiError, isApiError } from '../../../lib/hydra';
import {
  InvoiceForm,
  InvoiceSourceEditor,
  supplierProfileQuery,
  useKeptInvoice,
  type InvoiceFormVariant,
  type InvoiceTab,
  type InvoicePayload,
} from '../../it-invoice-form';
import { draftQueries } from '../api/draft-queries';
import { createDraft, sendDraft, updateDraft, type DraftBody } from '../api/draft-requests';

export type DraftDialogMode = 'new' | 'edit' | 'send';

export interface DraftDialogProps {
  mode: DraftDialogMode;
  /** The stored draft (edit and send). */
  uuid?: string;
  onClose: () => void;
  /** After a save; `sentInvoiceUuid` is set when the draft was sent. */
  onDone: (result: { draftUuid: string; sentInvoiceUuid?: string }) => void;
}

/** Validation goes to the invoice endpoints: a draft is checked like the invoice it becomes. */
async function validateBody(body: DraftBody) {
  const simplified =
    body.kind === 'payload' ? body.variant === 'simplified' : body.source.type === 'simplified';
  const content = body.kind === 'payload' ? JSON.stringify(body.payload) : body.source.content;
  const xml = body.kind === 'source' && body.source.format === 'xml';
  await apiFetch('it', simplified ? '/invoices/simplified/validate' : '/invoices/validate', {
    method: 'POST',
    body: content,
    headers: { 'Content-Type': xml ? 'application/xml' : 'application/json' },
  });
  return { valid: true };
}

/** Key-order-independent JSON, to tell an edited draft from the stored one. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The draft form dialog (spec 2 "Drafts page"): guided and source tabs; new mode picks the type
 * and 'block invoice sent'; edit saves; send saves the edits first (unless unchanged), then sends.
 * The send dialog of a blocked draft shows 'block invoice sent' ticked: unticked, the draft is
 * saved unblocked before it is sent; still ticked, the form says how instead of asking the server.
 */
export function DraftDialog({ mode, uuid, onClose, onDone }: DraftDialogProps) {
  const { t } = useTranslation('drafts');
  const { enqueueSnackbar } = useSnackbar();
  const [newVariant, setNewVariant] = useState<InvoiceFormVariant>('standard');
  const [newBlocked, setBlocked] = useState(false);
  // Edit mode starts from the stored block and saves what the checkbox then says.
  const [editBlocked, setEditBlocked] = useState<boolean | null>(null);
  // The dialog opens on the draft as stored now: a cached copy from an earlier visit (before an
  // edit was saved) is never shown; the form waits for the fetch made when the dialog opened.
  const [openedAt] = useState(() => Date.now());
  const stored = useQuery({
    ...draftQueries.detail(uuid ?? ''),
    enabled: mode !== 'new',
    refetchOnMount: 'always',
  });
  const fresh = stored.data !== undefined && stored.dataUpdatedAt >= openedAt;
  const draft = fresh ? stored.data : undefined;
  const storedBlocked = draft?.marking === 'draft-blocked';
  const blocked = mode === 'new' ? newBlocked : (editBlocked ?? storedBlocked);
  const queryClient = useQueryClient();
  // A new draft's supplier comes from the invoicing profile, as a new invoice's does.
  const profile = useQuery({ ...supplierProfileQuery(), enabled: mode === 'new' });
  const variant: InvoiceFormVariant =
    mode === 'new'
      ? newVariant
      : draft?.transmission_format === 'FSM10'
        ? 'simplified'
        : 'standard';
  let initialValue: InvoicePayload | undefined;
  try {
    initialValue = draft ? (JSON.parse(draft.payload) as InvoicePayload) : undefined;
  } catch {
    initialValue = undefined;
  }

  const kept = useKeptInvoice({
    initialValue,
    sourceType: variant === 'simplified' ? 'simplified' : 'simple',
    onClose,
  });
  const tab = kept.tab;

  /** A blocked draft is not sent: the form's alert says how to unblock it, in the user's words. */
  const blockedSendError = () => {
    const detail = t('messages.sendBlocked');
    return new ApiError(409, { type: '', title: '', status: 409, detail });
  };

  const save = async (body: DraftBody) => {
    if (mode === 'new') {
      const created = await createDraft(body, blocked);
      enqueueSnackbar(t('messages.created', { uuid: created.uuid }), { variant: 'success' });
      onDone({ draftUuid: created.uuid });
      return created;
    }
    const draftUuid = uuid ?? '';
    const unchanged =
      body.kind === 'payload' &&
      initialValue &&
      canonical(body.payload) === canonical(initialValue);
    if (mode === 'send' && blocked) throw blockedSendError();
    if (mode === 'edit') await updateDraft(draftUuid, body, blocked);
    // A blocked draft unticked in the send dialog is saved unblocked first, even if unchanged.
    else if (storedBlocked) await updateDraft(draftUuid, body, false);
    else if (!unchanged) await updateDraft(draftUuid, body);
    // Every later dialog of this draft opens on what was just saved.
    await queryClient.invalidateQueries({ queryKey: draftQueries.all() });
    if (mode === 'edit') {
      enqueueSnackbar(t('messages.updated'), { variant: 'success' });
      onDone({ draftUuid });
      return { uuid: draftUuid };
    }
    const sent = await sendDraft(draftUuid).catch((error: unknown) => {
      // Blocked meanwhile (another tab): the server's 'draft send error blocked' said in words.
      throw isApiError(error) && error.status === 409 ? blockedSendError() : error;
    });
    enqueueSnackbar(t('messages.sent'), { variant: 'success' });
    onDone({ draftUuid, sentInvoiceUuid: sent.uuid });
    return sent;
  };

  // 'Block invoice sent': set when creating, set or lifted when editing (spec 2 "Drafts page").
  const blockedBox = (
    <FormControlLabel
      sx={{ mb: 1 }}
      control={
        <Checkbox
          checked={blocked}
          onChange={(event) =>
            mode === 'new' ? setBlocked(event.target.checked) : setEditBlocked(event.target.checked)
          }
        />
      }
      label={t('fields.blockInvoiceSent')}
    />
  );
  // The send dialog of a blocked draft shows the box too: unticking it unblocks, then sends.
  const sendBlockedBox = mode === 'send' && storedBlocked && (
    <Box>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {t('dialog.sendBlocked')}
      </Alert>
      {blockedBox}
    </Box>
  );
  let submitLabel: string | undefined = t('actions.saveDraft');
  if (mode === 'send')
    submitLabel = storedBlocked && !blocked ? t('actions.unblockAndSend') : undefined;

  let content;
  if (mode !== 'new' && (!draft || !initialValue)) {
    content = null;
  } else if (tab === 'guided' && mode === 'new' && profile.isPending) {
    // The form reads its defaults once: it waits for the supplier profile.
    content = null;
  } else if (tab === 'guided') {
    content = (
      <Box>
        {mode === 'new' && (
          <Stack direction="row" spacing={3} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <RadioGroup
              row
              aria-label={t('fields.type')}
              value={newVariant}
              onChange={(event) => setNewVariant(event.target.value as InvoiceFormVariant)}
            >
              <FormControlLabel value="standard" control={<Radio />} label={t('types.standard')} />
              <FormControlLabel
                value="simplified"
                control={<Radio />}
                label={t('types.simplified')}
              />
            </RadioGroup>
            {blockedBox}
          </Stack>
        )}
        {mode === 'edit' && blockedBox}
        {sendBlockedBox}
        <InvoiceForm
          key={`${variant}:${kept.guidedKey}`}
          variant={variant}
          // The send dialog may send a draft unchanged, so the form runs in edit mode there.
          mode={mode === 'new' ? 'new' : 'edit'}
          initialValue={kept.guidedValue}
          onChange={kept.onFormChange}
          supplierProfile={mode === 'new' ? profile.data : undefined}
          onValidate={(payload) => validateBody({ kind: 'payload', variant, payload })}
          onSubmit={(payload) => save({ kind: 'payload', variant, payload })}
          onCancel={kept.requestClose}
          submitLabel={submitLabel}
        />
      </Box>
    );
  } else {
    content = (
      <Box>
        {mode !== 'send' && blockedBox}
        {sendBlockedBox}
        <InvoiceSourceEditor
          initialType={kept.source?.type ?? (variant === 'simplified' ? 'simplified' : 'simple')}
          initialFormat={kept.source?.format}
          initialContent={kept.source?.content ?? draft?.payload ?? ''}
          onChange={kept.onSourceChange}
          onValidate={(source) => validateBody({ kind: 'source', source })}
          onSubmit={(source) => save({ kind: 'source', source })}
          onCancel={kept.requestClose}
          submitLabel={submitLabel}
        />
      </Box>
    );
  }

  return (
    <DialogFrame
      onClose={kept.requestClose}
      title={t(`dialog.${mode}`)}
      closeLabel={t('actions.close')}
      maxWidth="lg"
      header={
        <Tabs
          value={tab}
          onChange={(_event, next: InvoiceTab) => kept.setTab(next)}
          sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="guided" label={t('dialog.tabs.guided')} />
          <Tab value="source" label={t('dialog.tabs.source')} />
        </Tabs>
      }
      load={{
        isPending: mode !== 'new' && !fresh && !stored.isError,
        isError: mode !== 'new' && (!draft || !initialValue),
        pendingLabel: t('messages.loading'),
        errorText: t('messages.loadError'),
      }}
    >
      <DialogContent>
        {kept.confirm}
        {content}
      </DialogContent>
    </DialogFrame>
  );
}
