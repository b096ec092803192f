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
import { InvoiceForm, InvoiceSourceEditor, type InvoiceFormVariant } from '../../it-invoice-form';
import { invoiceCreateQueries, sendInvoice, validateInvoice } from '../api/invoice-requests';
import { useInvoiceCreatedToast } from './use-invoice-created';

export interface NewInvoiceDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new invoice's uuid once the server accepted it (the list refreshes here). */
  onCreated?: (uuid: string) => void;
}

type NewInvoiceTab = 'guided' | 'source';

/**
 * The new-invoice dialog of the customer list (spec 2 "Invoice form"): a guided form, standard or
 * simplified, and 'create invoice from source'.
 */
export function NewInvoiceDialog({ open, onClose, onCreated }: NewInvoiceDialogProps) {
  const { t } = useTranslation('invoiceCreate');
  const [tab, setTab] = useState<NewInvoiceTab>('guided');
  const [variant, setVariant] = useState<InvoiceFormVariant>('standard');
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
      onClose={onClose}
      title={t('newInvoice.title')}
      closeLabel={t('actions.close')}
      maxWidth="lg"
      header={
        <Tabs
          value={tab}
          onChange={(_event, next: NewInvoiceTab) => setTab(next)}
          sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="guided" label={t('newInvoice.tabs.guided')} />
          <Tab value="source" label={t('newInvoice.tabs.source')} />
        </Tabs>
      }
    >
      <DialogContent>
        {tab === 'guided' ? (
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
                key={variant}
                variant={variant}
                mode="new"
                supplierProfile={profile.data}
                onValidate={(payload) => validateInvoice({ kind: 'payload', variant, payload })}
                onSubmit={async (payload) =>
                  created((await sendInvoice({ kind: 'payload', variant, payload })).uuid)
                }
                onCancel={onClose}
              />
            )}
          </Box>
        ) : (
          <InvoiceSourceEditor
            onValidate={(source) => validateInvoice({ kind: 'source', source })}
            onSubmit={async (source) =>
              created((await sendInvoice({ kind: 'source', source })).uuid)
            }
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </DialogFrame>
  );
}
