/**
 * The public onboarding page's rules (spec "Onboarding page", 4, 9), pure: which statuses show
 * the flow, where the stepper starts for each, the four steps, the countdown's mm:ss, and the
 * modes.
 */
import { AUTH_FLOW_STATUS } from './contract-codes';

/** Spec: a stepper of four steps. */
export const onboardingSteps = ['download', 'sign', 'upload', 'end'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** Where the signature flow stands: before the first step (NEW's introduction), or on one. */
export type FlowPosition = 'intro' | OnboardingStep;

/** Spec "Onboarding page": mode_1 signs a file and uploads it; mode_2 pastes a KSeF token. */
export const onboardingModes = ['mode_1', 'mode_2'] as const;
export type OnboardingMode = (typeof onboardingModes)[number];

/** The page keeps the mode in its address (`?mode=mode_2`), so login can bring the user back to it. */
export const MODE_PARAM = 'mode';

export function modeOf(value: string | null): OnboardingMode {
  return value === 'mode_2' ? 'mode_2' : 'mode_1';
}

const { NEW, IN_PROGRESS, USED, COMPLETED } = AUTH_FLOW_STATUS;

/** Spec 4: the page's content shows only for NEW, IN_PROGRESS, USED and COMPLETED. */
export function isShownStatus(status: number): boolean {
  return status === NEW || status === IN_PROGRESS || status === USED || status === COMPLETED;
}

/** Spec 4: NEW = the introduction (no step); IN_PROGRESS = download; USED or COMPLETED = end. */
export function positionOfStatus(status: number): FlowPosition {
  if (status === NEW) return 'intro';
  if (status === IN_PROGRESS) return 'download';
  return 'end';
}

/** The stepper's active index (-1 before the first step). */
export function stepIndex(position: FlowPosition): number {
  return position === 'intro' ? -1 : onboardingSteps.indexOf(position);
}

/** Milliseconds left before `deadline` (an ISO instant) at `now`; never below zero. */
export function remainingMs(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/**
 * The countdown as mm:ss (spec 9), rounded up to the second: a deadline 9 min 59.2 s away shows
 * 10:00 until the full second has passed, and 00:00 only once it has.
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The signed file's size limit: the API takes at most 1.5 MB of base64 (about 1.1 MB of XML). */
export const SIGNED_FILE_MAX_BYTES = 1_100_000;

/** Spec 5 and the upload's "XML only": a file named .xml, or typed as XML by the browser. */
export function isXmlFile(file: { name: string; type: string }): boolean {
  return file.name.toLowerCase().endsWith('.xml') || /[/+]xml$/i.test(file.type);
}

/** The files the page names (spec: signature_file.xml; the sandbox's signed_file.xml). */
export const SIGNATURE_FILE_NAME = 'signature_file.xml';
export const SIGNED_FILE_NAME = 'signed_file.xml';

/** A base64 body (the sandbox's signed file) as the XML file it is. */
export function base64ToXmlFile(base64: string, name: string): File {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new File([bytes], name, { type: 'application/xml' });
}
