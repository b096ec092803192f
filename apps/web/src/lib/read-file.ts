/**
 * A file the user chose, read in the browser the way the API takes files in JSON bodies: as
 * base64 (invoice attachments, invoice imports, invoice transfers).
 */

/** The content of a file as base64, without the data URL's `data:<type>;base64,` prefix. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      // A data URL is `data:<type>;base64,<content>`.
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('File could not be read'));
    reader.readAsDataURL(file);
  });
}
