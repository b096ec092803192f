/**
 * A registry's fiscal id is a real Italian identifier (issue 31): an 11-digit VAT number whose
 * check digit matches, or a codice fiscale whose check character does (`@fiscus/fatturapa`'s
 * field checks, the ones the console runs as the user types).
 */
import { registryMessages, violationCodes } from '@fiscus/contracts';
import { isValidCodiceFiscale, isValidPartitaIva } from '@fiscus/fatturapa/fields';
import { unprocessable, violation } from '../../../platform/problem-errors.ts';

/** Whether `fiscalId` (upper-cased, of the contract's shape) passes its check digit or character. */
export function hasValidCheck(fiscalId: string): boolean {
  return fiscalId.length === 11 ? isValidPartitaIva(fiscalId) : isValidCodiceFiscale(fiscalId);
}

/** A 422 with a violation on `fiscal_id` when its check digit or character is wrong. */
export function assertValidFiscalId(fiscalId: string): void {
  if (hasValidCheck(fiscalId)) return;
  throw unprocessable([
    {
      ...violation('fiscal_id', registryMessages.fiscalIdCheck, violationCodes.invalid),
      propertyContent: fiscalId,
    },
  ]);
}
