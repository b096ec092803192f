/**
 * The tabbed business registry dialog (spec 2.7), opened through the URL by the page: 'new'
 * creates (only the edit/create tab), a fiscal id loads that registry and shows every tab its
 * rules allow. Each tab holds its own form; switching tabs starts it from the saved values.
 */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';
import { useCan } from '../../../lib/roles';
import { registryQueries } from '../api/registry-queries';
import { visibleRegistryTabs } from './registry-tabs';
import type { RegistryTabId } from './registry-tabs';

interface RegistryDialogProps {
  /** The registry to edit; null creates one. */
  fiscalId: string | null;
  onClose: () => void;
}

export function RegistryDialog({ fiscalId, onClose }: RegistryDialogProps) {
  const { t } = useTranslation('businessRegistry');
  const access = useCan();
  const registry = useQuery({ ...registryQueries.detail(fiscalId ?? ''), enabled: !!fiscalId });
  const saved = fiscalId ? (registry.data ?? null) : null;
  const tabs = visibleRegistryTabs({ access, registry: saved });
  const [chosen, setChosen] = useState<RegistryTabId>('edit');
  const active = tabs.find((tab) => tab.id === chosen) ?? tabs[0];

  return (
    <DialogFrame
      onClose={onClose}
      title={fiscalId ? t('edit.title', { fiscalId }) : t('create.title')}
      closeLabel={t('actions.close')}
      maxWidth="md"
      header={
        tabs.length > 1 && (
          <Tabs
            value={active?.id ?? false}
            onChange={(_event, next: RegistryTabId) => setChosen(next)}
            sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((tab) => (
              <Tab key={tab.id} value={tab.id} label={t(`tabs.${tab.id}`)} />
            ))}
          </Tabs>
        )
      }
      load={{
        isPending: !!fiscalId && registry.isPending,
        isError: !!fiscalId && registry.isError,
        pendingLabel: t('form.loading'),
        errorText: t('form.notFound'),
        cancelLabel: t('actions.cancel'),
      }}
    >
      {active && <active.Panel key={active.id} registry={saved} onClose={onClose} />}
    </DialogFrame>
  );
}
