/**
 * The tabbed business registry dialog (spec 2.7), opened through the URL by the page: 'new'
 * creates (only the edit/create tab), a fiscal id loads that registry and shows every tab its
 * rules allow. Once created, the dialog stays open on the new registry with all its tabs.
 *
 * Nothing typed is lost (issue 31): a tab's form stays as it was left while another tab shows
 * (each tab is kept once visited, hidden when not chosen), and closing the dialog (Cancel,
 * Escape, the close button, a save that closes) asks before discarding a changed tab. On a phone
 * the tabs scroll sideways with their scroll buttons, each label whole.
 */
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame, useDiscardGuard } from '../../../components/form';
import { useCan } from '../../../lib/roles';
import { registryQueries } from '../api/registry-queries';
import { visibleRegistryTabs } from './registry-tabs';
import type { RegistryTabId } from './registry-tabs';

interface RegistryDialogProps {
  /** The registry to edit; null creates one. */
  fiscalId: string | null;
  onClose: () => void;
  /** The registry this dialog just created: the dialog goes on with it (its address changes). */
  onCreated?: (registry: BusinessRegistryConfiguration) => void;
}

/** Which tabs hold changes not saved yet. */
function useDirtyTabs() {
  const dirty = useRef(new Set<RegistryTabId>());
  const report = useCallback((tab: RegistryTabId, changed: boolean) => {
    if (changed) dirty.current.add(tab);
    else dirty.current.delete(tab);
  }, []);
  // One stable callback per tab, so a tab's form reports without re-rendering the dialog.
  const reporters = useRef(new Map<RegistryTabId, (changed: boolean) => void>());
  const reporterOf = (tab: RegistryTabId) => {
    let reporter = reporters.current.get(tab);
    if (!reporter) {
      reporter = (changed: boolean) => report(tab, changed);
      reporters.current.set(tab, reporter);
    }
    return reporter;
  };
  return { isDirty: () => dirty.current.size > 0, reporterOf };
}

export function RegistryDialog({ fiscalId, onClose, onCreated }: RegistryDialogProps) {
  const { t } = useTranslation('businessRegistry');
  const access = useCan();
  const idPrefix = useId();
  const registry = useQuery({ ...registryQueries.detail(fiscalId ?? ''), enabled: !!fiscalId });
  const saved = fiscalId ? (registry.data ?? null) : null;
  const tabs = visibleRegistryTabs({ access, registry: saved });
  const [chosen, setChosen] = useState<RegistryTabId>('edit');
  const [visited, setVisited] = useState<ReadonlySet<RegistryTabId>>(() => new Set(['edit']));
  const active = tabs.find((tab) => tab.id === chosen) ?? tabs[0];
  const dirtyTabs = useDirtyTabs();
  const guard = useDiscardGuard({ isDirty: dirtyTabs.isDirty, onClose });
  const tabId = (id: RegistryTabId) => `${idPrefix}-tab-${id}`;
  const panelId = (id: RegistryTabId) => `${idPrefix}-panel-${id}`;

  const choose = (next: RegistryTabId) => {
    setChosen(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };

  return (
    <DialogFrame
      onClose={guard.requestClose}
      title={fiscalId ? t('edit.title', { fiscalId }) : t('create.title')}
      closeLabel={t('actions.close')}
      maxWidth="md"
      header={
        tabs.length > 1 && (
          <Tabs
            value={active?.id ?? false}
            onChange={(_event, next: RegistryTabId) => choose(next)}
            // Five labels do not fit a phone: they scroll, with arrows saying there is more.
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            sx={{
              px: 0,
              borderBottom: 1,
              borderColor: 'divider',
              // Narrower than MUI's 90 px and 16 px sides: the five fit a desktop dialog whole.
              '& .MuiTab-root': { minWidth: 0, px: 1.25 },
            }}
          >
            {tabs.map((tab) => (
              <Tab
                key={tab.id}
                value={tab.id}
                label={t(`tabs.${tab.id}`)}
                id={tabId(tab.id)}
                aria-controls={panelId(tab.id)}
              />
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
      {tabs
        .filter((tab) => visited.has(tab.id) || tab.id === active?.id)
        .map((tab) => {
          const shown = tab.id === active?.id;
          return (
            <Box
              key={tab.id}
              role={tabs.length > 1 ? 'tabpanel' : undefined}
              id={panelId(tab.id)}
              aria-labelledby={tabs.length > 1 ? tabId(tab.id) : undefined}
              hidden={!shown}
              // A flex column as the dialog's paper: a tall tab scrolls its fields, not its buttons.
              sx={{ display: shown ? 'flex' : 'none', flexDirection: 'column', minHeight: 0 }}
            >
              <tab.Panel
                registry={saved}
                onClose={guard.requestClose}
                onDirtyChange={dirtyTabs.reporterOf(tab.id)}
                onCreated={onCreated}
              />
            </Box>
          );
        })}
      {guard.confirm}
    </DialogFrame>
  );
}
