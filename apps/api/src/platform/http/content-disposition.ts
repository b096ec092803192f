import { create } from 'content-disposition';

/** Longest base name kept, in characters (file systems allow 255 bytes; UTF-8 takes up to 4). */
const MAX_NAME_LENGTH = 120;

// Characters no file name should carry: control and format characters (CR LF, bidi overrides
// that disguise an extension), lone surrogates (no character at all), and the ones Windows
// forbids. One class, no quantifier: linear on any input.
const unsafeCharacter = /[\p{Cc}\p{Cf}\p{Cs}<>:"|?*]/gu;

// Names Windows reserves for devices, whatever the extension (CON.xml opens the console).
const RESERVED_STEMS = new Set([
  'CON',
  'PRN',
  'AUX',
  'NUL',
  ...Array.from({ length: 9 }, (_, index) => `COM${index + 1}`),
  ...Array.from({ length: 9 }, (_, index) => `LPT${index + 1}`),
]);

function isTrimmed(char: string | undefined): boolean {
  return char === '.' || char === ' ';
}

/**
 * A user-given file name (an import's file name, an attachment's NomeAttachment…) reduced to a
 * safe base name for a download header, a zip entry or a file store: the last path segment only
 * (`../../etc/passwd` → `passwd`, `C:\Windows\win.ini` → `win.ini`), unsafe characters replaced
 * by `_`, no leading or trailing dots or blanks, no device name, at most 120 characters (the
 * extension kept). Non-Latin characters stay (`日本.xml`). `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const lastSlash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  const chars = Array.from(name.slice(lastSlash + 1).replace(unsafeCharacter, '_'));
  let start = 0;
  let end = chars.length;
  while (start < end && isTrimmed(chars[start])) start += 1;
  while (end > start && isTrimmed(chars[end - 1])) end -= 1;
  let kept = chars.slice(start, end);
  if (kept.length > MAX_NAME_LENGTH) {
    const dot = kept.lastIndexOf('.');
    const extension = dot > 0 && kept.length - dot <= 10 ? kept.slice(dot) : [];
    kept = [...kept.slice(0, MAX_NAME_LENGTH - extension.length), ...extension];
  }
  const base = kept.join('');
  if (base === '') return fallback;
  const stem = base.split('.')[0]?.toUpperCase() ?? '';
  return RESERVED_STEMS.has(stem) ? `_${base}` : base;
}

/**
 * The `Content-Disposition: attachment` header of a download named `name` (reduced with
 * `safeFileName` first). Written by the `content-disposition` library: an ASCII `filename`
 * for old clients and, when the name is not plain ASCII, `filename*` in UTF-8 (RFC 6266 and
 * 8187), so `日本€.pdf` arrives intact instead of failing the response.
 */
export function attachmentDisposition(name: string, fallback?: string): string {
  const safe = safeFileName(name, fallback);
  const ascii = safe.replace(/[^\u0020-\u007e]/gu, '_');
  return create(safe, { fallback: ascii });
}
