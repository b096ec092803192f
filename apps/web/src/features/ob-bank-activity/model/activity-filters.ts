/**
 * The filters of the payments and transactions lists (spec "Payments screen", "Transactions
 * screen", 9) and how they reach the API: the date range defaults to the last 30 days; the list
 * kit keeps its bounds as day-start and day-end instants (the end at 23:59:59) and the API takes
 * plain days (`madeOn[after]=yyyy-MM-dd`); the accounts filter is `?account=` in the address
 * (the registry screen's shortcuts) and `account.uuid` for the API; several values repeat their
 * key (`system=sepa&system=swift`), as the contract reads them.
 */
import type { ObPaymentSystem, ObTransactionStatus } from '@fiscus/contracts';
import type { Dayjs } from 'dayjs';
import { dayEndBound, dayStartBound } from '../../../components/list-kit/date-presets';
import type { ListQueryParams } from '../../../components/list-kit/list-query-string';

export const paymentsTableKey = 'ob-payments';
export const transactionsTableKey = 'ob-transactions';

/** The address parameter of the chosen registry. */
export const FISCAL_ID_PARAM = 'fiscalId';

/** Spec 9: date filters cover the last 30 days by default. */
export const DEFAULT_DAYS = 30;
/** Spec 9: the account and category selectors list up to 100 entries. */
export const SELECTOR_SIZE = 100;

function lastDays(now: Dayjs) {
  return {
    'madeOn[after]': dayStartBound(now.subtract(DEFAULT_DAYS, 'day')),
    'madeOn[before]': dayEndBound(now),
  };
}

export function defaultPaymentFilters(now: Dayjs) {
  return { account: [] as string[], system: [] as string[], ...lastDays(now) };
}
export type PaymentFilters = ReturnType<typeof defaultPaymentFilters>;

export function defaultTransactionFilters(now: Dayjs) {
  return {
    account: [] as string[],
    category: [] as string[],
    ...lastDays(now),
    status: '',
    duplicated: 'false',
  };
}
export type TransactionFilters = ReturnType<typeof defaultTransactionFilters>;

/** The filters that name one registry's accounts: a list showing them is not kept. */
export const NOT_KEPT = ['account'] as const;

/** A bound of the list kit (`2026-11-01T00:00:00+01:00`) as the API's day (`2026-11-01`). */
export function dayOf(bound: string): string {
  return bound.slice(0, 10);
}

/** The list's parameters as the API's query pairs. */
export function toActivityQuery(params: ListQueryParams): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(params)) {
    const key = name === 'account' ? 'account.uuid' : name;
    if (Array.isArray(value)) {
      for (const entry of value) pairs.push([key, entry]);
    } else if (name === 'madeOn[after]' || name === 'madeOn[before]') {
      pairs.push([key, dayOf(value)]);
    } else {
      pairs.push([key, value]);
    }
  }
  return pairs;
}

/** `path` with the query pairs, each repeated key as it is. */
export function withQuery(path: string, pairs: readonly [string, string][]): string {
  const query = new URLSearchParams(pairs.map(([key, value]) => [key, value])).toString();
  return query ? `${path}?${query}` : path;
}

/*
 * The contract's choices, written here so the lists' first load carries no zod (the contract's
 * index brings its schemas); `activity-filters.test.ts` checks they are the contract's.
 */
export const PAYMENT_SYSTEMS = [
  'sepa',
  'sepa_instant',
  'swift',
] as const satisfies readonly ObPaymentSystem[];
export const TRANSACTION_STATUSES = [
  'pending',
  'posted',
] as const satisfies readonly ObTransactionStatus[];
