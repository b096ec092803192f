/**
 * Downloads the console saves as files: a body fetched from the API handed to the browser under
 * a file name, the one the API's Content-Disposition gives unless the caller has another.
 */

/** Hands a downloaded body to the browser as a file named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The file name of a response's `Content-Disposition` (RFC 6266): `filename*=UTF-8''…` first (the
 * name in full), else `filename="…"` or an unquoted `filename=…` (the API quotes a name only when
 * it must); `fallback` when there is none.
 */
export function attachmentFileName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below, or the fallback.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header)?.[1] ?? /filename=([^;\s"]+)/i.exec(header)?.[1];
  return plain ?? fallback;
}
