import type { FailureText } from '../model/onboarding-failure';
import { usePolish } from './use-polish';

/**
 * A refused call in words: the refusal by its code (and KSeF's reason on a line of its own), the
 * server's detail, or the generic text.
 */
export function useFailureText(): (failure: FailureText) => string {
  const { t } = usePolish();
  return (failure) => {
    if (failure.kind === 'known') {
      const text = t(`validation.${failure.code}`);
      return failure.reason ? `${text}\n${failure.reason}` : text;
    }
    if (failure.kind === 'detail') return failure.text;
    return t('error.generic');
  };
}
