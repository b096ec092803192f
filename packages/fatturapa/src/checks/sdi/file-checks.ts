import type { SdiReport } from './messages.ts';
import type { SdiCheckOptions } from './sdi-state.ts';

/** 5 MB: SDI's limit for one file sent by PEC (sdi-error-codes.md, 00003). */
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

/**
 * `<IdPaese><IdCodice>_<progressivo>.xml|.xml.p7m|.zip`: IdCodice 11-16 characters for IT, 2-28
 * otherwise; progressivo 1-5 alphanumeric characters (sdi-error-codes.md, 00001).
 */
const FILE_NAME = /^([A-Z]{2})([A-Za-z0-9]{2,28})_([A-Za-z0-9]{1,5})\.(xml|xml\.p7m|zip)$/i;

/** Whether a file name follows SDI's naming rule (code 00001). */
export function isValidSdiFileName(fileName: string): boolean {
  const match = FILE_NAME.exec(fileName);
  if (!match) return false;
  const country = match[1]?.toUpperCase();
  const codeLength = match[2]?.length ?? 0;
  return country !== 'IT' || (codeLength >= 11 && codeLength <= 16);
}

/** The file-level checks: 00001, 00002, 00003, 00102, 00106. */
export function checkFile(options: SdiCheckOptions, report: SdiReport): void {
  if (options.fileName !== undefined) {
    if (!isValidSdiFileName(options.fileName)) report.add('00001', '');
    else if (options.state?.isDuplicateFileName?.(options.fileName)) report.add('00002', '');
  }
  if (options.fileSize !== undefined) {
    if (options.fileSize === 0) report.add('00106', '');
    else if (options.fileSize > (options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE)) {
      report.add('00003', '');
    }
  }
  if (options.signature !== undefined && !options.signature.valid) report.add('00102', '');
}
