/**
 * The tabs of the business registry dialog (spec 2.7), one declaration each: its place (the
 * spec's index), its panel and who sees it. The dialog shows the visible ones in index order.
 * On creation only the edit/create tab shows (every other tab works on a saved registry). The
 * massive imports tab shows to every user (without ROLE_INVOICING_DOWNLOAD it says so and asks
 * to contact sales); the recover tab only with ROLE_INVOICING_RECOVER.
 */
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import type { ComponentType } from 'react';
import type { Access } from '../../../lib/roles';
import { canRecoverInvoices } from '../model/registry-access';
import { MassiveImportsTab } from './massive-imports-tab';
import { RecoverTab } from './recover-tab';
import { RegistryEditTab } from './registry-edit-tab';
import type { RegistryTabProps } from './registry-edit-tab';
import { SmartReceiptTab } from './smart-receipt-tab';
import { TaxDrawerTab } from './tax-drawer-tab';

export type RegistryTabId = 'edit' | 'taxDrawer' | 'smartReceipt' | 'massiveImports' | 'recover';

export interface RegistryTabContext {
  access: Access;
  /** The saved registry; null while creating one. */
  registry: BusinessRegistryConfiguration | null;
}

export interface RegistryTab {
  /** Also the label key `tabs.<id>` of `businessRegistry`. */
  id: RegistryTabId;
  /** The tab's index in spec 2.7 (edit 0, tax drawer 1, smart receipt 2, massive imports 3, recover 4). */
  index: number;
  visible: (context: RegistryTabContext) => boolean;
  Panel: ComponentType<RegistryTabProps>;
}

const saved = ({ registry }: RegistryTabContext) => registry !== null;

export const registryTabs: readonly RegistryTab[] = [
  { id: 'edit', index: 0, visible: () => true, Panel: RegistryEditTab },
  { id: 'taxDrawer', index: 1, visible: saved, Panel: TaxDrawerTab },
  { id: 'smartReceipt', index: 2, visible: saved, Panel: SmartReceiptTab },
  { id: 'massiveImports', index: 3, visible: saved, Panel: MassiveImportsTab },
  {
    id: 'recover',
    index: 4,
    visible: (context) => saved(context) && canRecoverInvoices(context.access),
    Panel: RecoverTab,
  },
];

/** The tabs `context` shows, in the spec's order. */
export function visibleRegistryTabs(context: RegistryTabContext): RegistryTab[] {
  return registryTabs
    .filter((tab) => tab.visible(context))
    .sort((first, second) => first.index - second.index);
}
