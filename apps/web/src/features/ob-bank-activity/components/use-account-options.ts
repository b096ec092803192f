import { useQuery } from '@tanstack/react-query';
import type { FilterOption } from '../../../components/list-kit';
import { activityQueries } from '../api/activity-queries';

/** The registry's accounts as filter choices (up to 100): name and IBAN or BBAN. */
export function useAccountOptions(fiscalId: string | null): FilterOption[] {
  const accounts = useQuery({
    ...activityQueries.accounts(fiscalId ?? ''),
    enabled: fiscalId !== null,
  });
  return (accounts.data?.items ?? []).map((account) => ({
    value: account.uuid,
    label: [account.name, account.iban ?? account.bban].filter(Boolean).join(' · '),
  }));
}
