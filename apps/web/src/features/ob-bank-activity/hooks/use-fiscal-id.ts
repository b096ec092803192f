import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { FISCAL_ID_PARAM } from '../model/activity-filters';

/**
 * The registry the screen shows, kept in the address (`?fiscalId=`), so the registry screen's
 * shortcuts land on it. Choosing another drops the accounts filter (they were the other
 * registry's) and goes back to page 1.
 */
export function useFiscalId(): [string | null, (fiscalId: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fiscalId = searchParams.get(FISCAL_ID_PARAM) || null;
  const choose = useCallback(
    (next: string | null) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next) params.set(FISCAL_ID_PARAM, next);
        else params.delete(FISCAL_ID_PARAM);
        params.delete('account');
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return [fiscalId, choose];
}
