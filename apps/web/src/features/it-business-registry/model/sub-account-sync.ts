/**
 * Connecting and disconnecting a registry's sub-accounts (spec 4): the difference between the
 * linked and the chosen emails decides what to connect and what to disconnect; each is done on its
 * own, and the outcome lists what succeeded and what failed (with the reason).
 */

export type SyncAction = 'connect' | 'disconnect';

export interface SyncPlan {
  connect: string[];
  disconnect: string[];
}

export interface SyncOutcome {
  email: string;
  action: SyncAction;
}

export interface SyncFailure extends SyncOutcome {
  error: unknown;
}

export interface SyncReport {
  succeeded: SyncOutcome[];
  failed: SyncFailure[];
}

const key = (email: string) => email.trim().toLowerCase();

export function planSubAccountSync(linked: readonly string[], chosen: readonly string[]): SyncPlan {
  const linkedKeys = new Set(linked.map(key));
  const chosenKeys = new Set(chosen.map(key));
  return {
    connect: [...new Set(chosen.filter((email) => !linkedKeys.has(key(email))))],
    disconnect: [...new Set(linked.filter((email) => !chosenKeys.has(key(email))))],
  };
}

export function isEmptyPlan(plan: SyncPlan): boolean {
  return plan.connect.length === 0 && plan.disconnect.length === 0;
}

/** Runs the plan one request at a time; a failure does not stop the others. */
export async function runSubAccountSync(
  plan: SyncPlan,
  requests: Record<SyncAction, (email: string) => Promise<unknown>>,
): Promise<SyncReport> {
  const report: SyncReport = { succeeded: [], failed: [] };
  const steps: SyncOutcome[] = [
    ...plan.disconnect.map((email) => ({ email, action: 'disconnect' as const })),
    ...plan.connect.map((email) => ({ email, action: 'connect' as const })),
  ];
  for (const step of steps) {
    try {
      await requests[step.action](step.email);
      report.succeeded.push(step);
    } catch (error) {
      report.failed.push({ ...step, error });
    }
  }
  return report;
}
