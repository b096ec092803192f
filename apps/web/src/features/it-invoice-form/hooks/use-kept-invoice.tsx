/**
 * Typed work survives in the invoice dialogs (issue 20, "Work is never lost"): switching between
 * 'create invoice' and 'create invoice from source' carries the invoice across (the source tab
 * shows the form's current invoice as JSON; the form reads back the JSON the source holds), and
 * closing a changed form (Cancel, Escape, the close button) asks before discarding it.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/form';
import type { InvoicePayload } from '../model/invoice-form-types';
import type { InvoiceSource } from '../model/invoice-source';

export type InvoiceTab = 'guided' | 'source';

export interface KeptInvoice {
  tab: InvoiceTab;
  /** Switches tabs, carrying what was typed into the other one. */
  setTab: (next: InvoiceTab) => void;
  /** What the guided form starts from (undefined: the dialog's own start). */
  guidedValue: InvoicePayload | undefined;
  /** Changes whenever the guided form must start again from `guidedValue` (its React key). */
  guidedKey: number;
  /** What the source editor starts from, once the form had content to carry over. */
  source: InvoiceSource | undefined;
  /** The guided form's `onChange`. */
  onFormChange: (current: () => InvoicePayload) => void;
  /** The source editor's `onChange`. */
  onSourceChange: (source: InvoiceSource) => void;
  /** Whether the user changed anything since the dialog opened. */
  dirty: boolean;
  /** Closes at once when nothing changed, else asks first (render `confirm`). */
  requestClose: () => void;
  /** The discard prompt; render it inside the dialog. */
  confirm: ReactNode;
}

export function useKeptInvoice({
  initialValue,
  sourceType,
  onClose,
}: {
  /** The invoice the dialog opened on (a draft once loaded, the invoice to credit). */
  initialValue?: InvoicePayload;
  /** The source type matching the form's variant. */
  sourceType: InvoiceSource['type'];
  onClose: () => void;
}): KeptInvoice {
  const { t } = useTranslation('invoiceForm');
  const [tab, setTabState] = useState<InvoiceTab>('guided');
  // What came back from the source tab; until then the form starts from `initialValue`.
  const [carried, setCarried] = useState<InvoicePayload | undefined>(undefined);
  const [guidedKey, setGuidedKey] = useState(0);
  const [source, setSource] = useState<InvoiceSource | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const typedPayload = useRef<(() => InvoicePayload) | undefined>(undefined);
  const typedSource = useRef<InvoiceSource | undefined>(undefined);

  const setTab = (next: InvoiceTab) => {
    if (next === tab) return;
    if (next === 'source' && typedPayload.current) {
      const carried: InvoiceSource = {
        type: sourceType,
        format: 'json',
        content: JSON.stringify(typedPayload.current(), null, 2),
      };
      typedSource.current = carried;
      setSource(carried);
    }
    if (next === 'guided' && typedSource.current?.format === 'json') {
      try {
        const parsed: unknown = JSON.parse(typedSource.current.content);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          typedPayload.current = () => parsed as InvoicePayload;
          setCarried(parsed as InvoicePayload);
          setGuidedKey((key) => key + 1);
        }
      } catch {
        // JSON that does not parse stays in the source tab; the form keeps what it had.
      }
    }
    setTabState(next);
  };

  return {
    tab,
    setTab,
    guidedValue: carried ?? initialValue,
    guidedKey,
    source,
    onFormChange: (current) => {
      typedPayload.current = current;
      if (!dirty) setDirty(true);
    },
    onSourceChange: (next) => {
      typedSource.current = next;
      if (!dirty) setDirty(true);
    },
    dirty,
    requestClose: () => (dirty ? setAsking(true) : onClose()),
    confirm: (
      <ConfirmDialog
        open={asking}
        title={t('discard.title')}
        message={t('discard.message')}
        confirmLabel={t('discard.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    ),
  };
}
