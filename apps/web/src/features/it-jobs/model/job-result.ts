/**
 * A finished job's result in the user's language: the API stores it as a key and parameters
 * (`message_key`, `message_parameters`), worded here by `jobs:results.<key>`; an output without a
 * key the console knows shows the API's English sentence. A file that could not be imported says
 * why by its violations (their own sentence in the user's language or their code), else by the
 * English reason of older outputs.
 */
import type { JobOutput } from '@fiscus/contracts';
import type { i18n as I18n } from 'i18next';
import { violationMessage } from '../../../lib/hydra';
import type { Violation } from '../../../lib/hydra';
import { translateViolation } from '../../../lib/validation-messages';

/**
 * The parameters as i18next reads them: `count` (which picks the plural) a number, although
 * outputs read back from their sentence hold it as digits; the others (a fiscal id with its
 * leading zeros) as stored.
 */
function interpolation(parameters: Record<string, string | number> = {}) {
  const { count } = parameters;
  return count === undefined ? parameters : { ...parameters, count: Number(count) };
}

export function jobResultMessage(i18n: I18n, output: JobOutput): string {
  const key = `results.${output.message_key ?? ''}`;
  if (!output.message_key || !i18n.exists(key, { ns: 'jobs', count: 0 })) return output.message;
  return i18n.t(key, { ns: 'jobs', ...interpolation(output.message_parameters) });
}

type FailedFile = JobOutput['failed'][number];

/** Why a file was not imported, in the user's language where its violations allow. */
export function failedFileReason(i18n: I18n, file: FailedFile): string {
  const violations = file.violations ?? [];
  if (violations.length === 0) return file.reason;
  const language = i18n.resolvedLanguage ?? i18n.language;
  return violations
    .map((found) => {
      const violation: Violation = {
        propertyPath: found.propertyPath,
        message: found.message,
        code: found.code,
        ...(found.messages ? { messages: found.messages } : {}),
        ...(found.parameters ? { parameters: found.parameters } : {}),
      };
      return translateViolation(i18n, violation) ?? violationMessage(violation, language);
    })
    .join('; ');
}
