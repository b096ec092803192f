import type { FailureText } from '../model/onboarding-failure';
import { usePolish } from './use-polish';

/** A refused call in words: the refusal by its code, the server's detail, or the generic text. */
export function useFailureText(): (failure: FailureText) => string {
  const { t } = usePolish();
  return (failure) => {
    if (failure.kind === 'known') return t(`validation.${failure.code}`);
    if (failure.kind === 'detail') return failure.text;
    return t('error.generic');
  };
}
