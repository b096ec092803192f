/**
 * The invoice file name and SDI id that an SDI notification (RC, NS, MC, NE, DT, AT) or the
 * metadata file SDI sends with a supplier invoice names (`NomeFile`, `IdentificativoSdI`), so the
 * import dialogs can fill them in. Read with the browser's XML parser; a file that is not XML, or
 * names neither, gives nothing.
 */
export interface SdiFileIdentity {
  fileName?: string;
  sdiId?: string;
}

/** The largest file read for its identity: SDI's messages are a few kilobytes. */
const MAX_IDENTITY_FILE_BYTES = 1_000_000;

export function sdiFileIdentity(xmlText: string): SdiFileIdentity {
  const document = new DOMParser().parseFromString(xmlText, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) return {};
  // SDI's message elements are unqualified children of a namespaced root: match any namespace.
  const text = (tag: string) =>
    document.getElementsByTagNameNS('*', tag)[0]?.textContent?.trim() || undefined;
  const identity: SdiFileIdentity = {};
  const fileName = text('NomeFile');
  const sdiId = text('IdentificativoSdI');
  if (fileName) identity.fileName = fileName;
  if (sdiId) identity.sdiId = sdiId;
  return identity;
}

/** The identity a chosen file names, or nothing for a file too large to be an SDI message. */
export function readSdiFileIdentity(file: Blob): Promise<SdiFileIdentity> {
  if (file.size > MAX_IDENTITY_FILE_BYTES) return Promise.resolve({});
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? sdiFileIdentity(reader.result) : {});
    reader.onerror = () => resolve({});
    reader.readAsText(file);
  });
}
