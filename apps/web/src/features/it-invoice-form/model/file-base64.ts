/*
 * A chosen file read as text (the invoice source editor); as base64 it is `lib/read-file`.
 */

/** The content of a text file (JSON or XML source). */
export function readFileAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('File could not be read'));
    reader.readAsText(file);
  });
}
