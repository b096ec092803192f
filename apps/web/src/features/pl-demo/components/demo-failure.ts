import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/hydra';

/**
 * The toast of a failed demo call (spec 8: the demo's generic error): the API's own detail when
 * it refused the request (a 4xx: "nip1 is not an active legal entity" tells the user what to
 * do), the generic words for everything else.
 */
export function demoFailure(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const detail = error.problem.detail.trim();
    if (detail !== '') return detail;
  }
  return t('errors.generic');
}
