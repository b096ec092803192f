/**
 * Typed work survives in the invoice dialogs (issue 20, "Work is never lost"): switching between
 * 'create invoice' and 'create invoice from source' carries the invoice across (the source tab
 * shows the form's current invoice as JSON, or as FatturaPA XML when XML is the tab's format;
 * the form reads back the JSON or FatturaPA XML the
 * source holds), and closing a changed form (Cancel, Escape, the close button) asks before
 * discarding it. Source text that cannot be read keeps the source tab open with a message saying
 * why: nothing typed is dropped.
 */
import Alert from '@mui/material/Alert';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../../components/form';
import type { InvoicePayload } from '../model/invoice-form-types';
import type { InvoiceSource, SourceType } from '../model/invoice-source';
import { loadSourceReader as loadReader, type SourceReader } from '../model/load-source-reading';

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
  /**
   * The discard prompt, and the notice when the source cannot be read back into the form; render
   * it inside the dialog, above the tabs' content.
   */
  confirm: ReactNode;
}

export function useKeptInvoice({
  initialValue,
  sourceType,
  onClose,
  onReadBack,
}: {
  /** The invoice the dialog opened on (a draft once loaded, the invoice to credit). */
  initialValue?: InvoicePayload;
  /** The source type matching the form's variant. */
  sourceType: InvoiceSource['type'];
  onClose: () => void;
  /**
   * Called with the type of the invoice read back from the source (FSM10 XML is simplified), so
   * the dialog can show the matching form.
   */
  onReadBack?: (type: SourceType) => void;
}): KeptInvoice {
  const { t, i18n } = useTranslation('invoiceForm');
  const [tab, setTabState] = useState<InvoiceTab>('guided');
  // What came back from the source tab; until then the form starts from `initialValue`.
  const [carried, setCarried] = useState<InvoicePayload | undefined>(undefined);
  const [guidedKey, setGuidedKey] = useState(0);
  const [source, setSource] = useState<InvoiceSource | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard({ isDirty: () => dirty, onClose });
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const typedPayload = useRef<(() => InvoicePayload) | undefined>(undefined);
  const typedSource = useRef<InvoiceSource | undefined>(undefined);
  // Whether the form changed since it last read the source back: if not, the source tab shows
  // the text as the user left it (their XML stays XML) rather than the form's JSON.
  const formChanged = useRef(true);
  const reader = useRef<SourceReader | undefined>(undefined);

  const setTab = (next: InvoiceTab) => {
    if (next === tab) return;
    if (next === 'source' && !reader.current) {
      void loadReader().then((module) => (reader.current = module));
    }
    if (next === 'source' && typedPayload.current && formChanged.current) {
      // The form's invoice in the format the source tab was left in (JSON the first time).
      const format = typedSource.current?.format ?? 'json';
      if (format === 'xml' && !reader.current) {
        void loadReader().then((module) => {
          reader.current = module;
          setTab(next);
        });
        return;
      }
      const invoice = typedPayload.current();
      const written = reader.current?.writeSource(invoice, format, sourceType);
      const carried: InvoiceSource =
        written?.kind === 'written'
          ? { type: written.type, format, content: written.content }
          : // Not loaded yet, or the XML could not hold it all: JSON keeps every field.
            { type: sourceType, format: 'json', content: JSON.stringify(invoice, null, 2) };
      typedSource.current = carried;
      setSource(carried);
    } else if (next === 'source' && typedSource.current) {
      setSource(typedSource.current);
    }
    if (next === 'guided' && typedSource.current) {
      if (!reader.current) {
        // Still loading (a switch right after opening the tab): switch once it is there.
        void loadReader().then((module) => {
          reader.current = module;
          setTab(next);
        });
        return;
      }
      const reading = reader.current.readSource(typedSource.current, i18n.language ?? 'en');
      if (reading.kind === 'unreadable') {
        // The text stays in the source tab, where the user can fix it (or submit it as it is).
        const format = reading.format.toUpperCase();
        setUnreadable(
          reading.detail
            ? t('source.unreadableDetail', { format, detail: reading.detail })
            : t('source.unreadable', { format }),
        );
        return;
      }
      if (reading.kind === 'invoice') {
        const invoice = reading.invoice;
        typedPayload.current = () => invoice;
        formChanged.current = false;
        setCarried(invoice);
        setGuidedKey((key) => key + 1);
        onReadBack?.(reading.type);
      }
    }
    setUnreadable(null);
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
      formChanged.current = true;
      if (!dirty) setDirty(true);
    },
    onSourceChange: (next) => {
      typedSource.current = next;
      setUnreadable(null);
      if (!dirty) setDirty(true);
    },
    dirty,
    requestClose: guard.requestClose,
    confirm: (
      <>
        {unreadable && tab === 'source' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {unreadable}
          </Alert>
        )}
        {guard.confirm}
      </>
    ),
  };
}
