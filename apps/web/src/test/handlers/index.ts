/**
 * Every resource of the mock API, each with fresh in-memory data: `setup.ts` installs these before
 * each test. Drafts come before invoices (`/invoices/draft` is not an invoice's uuid).
 */
import { apiConfigurationsHandlers } from './api-configurations';
import { authHandlers } from './auth';
import { businessRegistryHandlers } from './business-registry';
import { dashboardHandlers } from './dashboard';
import { draftsHandlers } from './drafts';
import { expensesHandlers } from './expenses';
import { invoiceImportsHandlers } from './invoice-imports';
import { invoicesHandlers } from './invoices';
import { jobsHandlers } from './jobs';
import { obHandlers } from './ob';
import { peppolLegalEntitiesHandlers } from './peppol-legal-entities';
import { peppolWebhooksHandlers } from './peppol-webhooks';
import { plDemoHandlers } from './pl-demo';
import { plInvoicesHandlers } from './pl-invoices';
import { plLegalEntitiesHandlers } from './pl-legal-entities';
import { plOnboardingHandlers } from './pl-onboarding';
import { plWebhooksHandlers } from './pl-webhooks';
import { preSaleActionsHandlers } from './pre-sale-actions';
import { runtimeConfigHandlers } from './runtime-config';
import { statsHandlers } from './stats';
import { subAccountsHandlers } from './sub-accounts';
import { transfersHandlers } from './transfers';

export function createHandlers() {
  return [
    ...runtimeConfigHandlers(),
    ...authHandlers(),
    ...dashboardHandlers(),
    ...preSaleActionsHandlers(),
    ...subAccountsHandlers(),
    // Before the webhook configurations' own short list of registries.
    ...businessRegistryHandlers(),
    ...apiConfigurationsHandlers(),
    ...statsHandlers(),
    ...draftsHandlers(),
    ...invoicesHandlers(),
    ...invoiceImportsHandlers(),
    ...jobsHandlers(),
    ...transfersHandlers(),
    ...expensesHandlers(),
    ...peppolLegalEntitiesHandlers(),
    ...peppolWebhooksHandlers(),
    ...plLegalEntitiesHandlers(),
    ...plOnboardingHandlers(),
    ...plWebhooksHandlers(),
    ...plInvoicesHandlers(),
    ...plDemoHandlers(),
    ...obHandlers(),
  ];
}
