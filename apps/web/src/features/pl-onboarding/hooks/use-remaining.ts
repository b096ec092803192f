import { useEffect, useState } from 'react';
import { remainingMs } from '../model/onboarding-flow';

/**
 * The milliseconds left before `deadline`, renewed every second (spec 9: the onboarding timer
 * ticks every second) until it reaches zero; null without a deadline (a flow not started yet).
 */
export function useRemaining(deadline: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (remainingMs(deadline, at) === 0) clearInterval(timer);
    };
    // A deadline that has just come (the flow started) counts from now, not from the mount.
    tick();
    if (remainingMs(deadline, Date.now()) > 0) timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : remainingMs(deadline, now);
}
