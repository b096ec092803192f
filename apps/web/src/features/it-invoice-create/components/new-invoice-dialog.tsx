import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';
import {
  InvoiceForm,
  InvoiceSourceEditor,
  useKeptInvoice,
  type InvoiceFormVariant,
  type InvoiceTab,
} from '../../it-invoice-form';
import { invoiceCreateQueries, sendInvoice, validateInvoice } from '../api/invoice-requests';
import { useInvoiceCreatedToast } from './use-invoice-created';

export interface NewInvoiceDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new invoice's uuid once the server accepted it (the list refreshes here). */
  onCreated?: (uuid: string) => void;
}

/**
 * The new-invoice dialog of the customer list (spec 2 "Invoice form"): a guided form, standard or
 * simplified, and 'create invoice from source'. What is typed survives a tab switch, and closing
 * a changed form asks first.
 */
export function NewInvoiceDialog({ open, onClose, onCreated }: NewInvoiceDialogProps) {
  const { t } = useTranslation('invoiceCreate');
  const [variant, setVariant] = useState<InvoiceFormVariant>('standard');
  const kept = useKeptInvoice({
    sourceType: variant === 'simplified' ? 'simplified' : 'simple',
    onClose,
    // An FSM10 source comes back as the simplified form, any other as the standard one.
    onReadBack: (type) => setVariant(type === 'simplified' ? 'simplified' : 'standard'),
  });
  const profile = useQuery({ ...invoiceCreateQueries.supplierProfile(), enabled: open });
  const toastCreated = useInvoiceCreatedToast();

  const created = (uuid: string) => {
    toastCreated(uuid);
    onCreated?.(uuid);
    onClose();
    return { uuid };
  };

  return (
    <DialogFrame
      open={open}
      onClose={kept.requestClose}
      title={t('newInvoice.title')}
      closeLabel={t('actions.close')}
      maxWidth="lg"
      header={
        <Tabs
          value={kept.tab}
          onChange={(_event, next: InvoiceTab) => kept.setTab(next)}
          sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="guided" label={t('newInvoice.tabs.guided')} />
          <Tab value="source" label={t('newInvoice.tabs.source')} />
        </Tabs>
      }
    >
      <DialogContent>
        {kept.confirm}
        {kept.tab === 'guided' ? (
          <Box>
            <RadioGroup
              row
              aria-label={t('newInvoice.variant')}
              value={variant}
              onChange={(event) => setVariant(event.target.value as InvoiceFormVariant)}
              sx={{ mb: 2 }}
            >
              <FormControlLabel
                value="standard"
                control={<Radio />}
                label={t('newInvoice.variants.standard')}
              />
              <FormControlLabel
                value="simplified"
                control={<Radio />}
                label={t('newInvoice.variants.simplified')}
              />
            </RadioGroup>
            {/* The form reads its defaults once: it waits for the supplier profile, and a
                variant switch mounts a fresh form. */}
            {!profile.isPending && (
              <InvoiceForm
                key={`${variant}:${kept.guidedKey}`}
                variant={variant}
                mode="new"
                initialValue={kept.guidedValue}
                supplierProfile={profile.data}
                onChange={kept.onFormChange}
                onValidate={(payload) => validateInvoice({ kind: 'payload', variant, payload })}
                onSubmit={async (payload) =>
                  created((await sendInvoice({ kind: 'payload', variant, payload })).uuid)
                }
                onCancel={kept.requestClose}
              />
            )}
          </Box>
        ) : (
          <InvoiceSourceEditor
            initialType={kept.source?.type ?? (variant === 'simplified' ? 'simplified' : 'simple')}
            initialFormat={kept.source?.format}
            initialContent={kept.source?.content}
            onChange={kept.onSourceChange}
            onValidate={(source) => validateInvoice({ kind: 'source', source })}
            onSubmit={async (source) =>
              created((await sendInvoice({ kind: 'source', source })).uuid)
            }
            onCancel={kept.requestClose}
          />
        )}
      </DialogContent>
    </DialogFrame>
  );
}
