/**
 * The invoice files a zip holds, read from its central directory in the browser, so the
 * transfers screen can say how many of a zip's files the transfer service has read so far.
 * Names follow the service's rules: folders and macOS resource forks are skipped, a file is
 * named by its last segment with control characters replaced and cut at 255 characters.
 * A zip this reader cannot follow (Zip64, a broken directory) gives null: progress is then shown
 * without a total.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ENTRY_HEADER_SIZE = 46;
const MAX_NAME_LENGTH = 255;
/** The transfer service's own limit on entries: more is refused anyway. */
const MAX_ENTRIES = 1000;

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - END_RECORD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let offset = last; offset >= first; offset -= 1) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  return -1;
}

/** An entry's name as a transfer shows it. */
export function transferNameOf(entryName: string): string {
  const last = entryName.split('/').at(-1) ?? entryName;
  let clean = '';
  for (const char of last) {
    const code = char.codePointAt(0) ?? 0;
    clean += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? '_' : char;
  }
  return clean.length > MAX_NAME_LENGTH ? clean.slice(0, MAX_NAME_LENGTH) : clean;
}

/** The transfer names of a zip's files in archive order, or null when it cannot be read. */
export function zipFileNames(buffer: ArrayBuffer): string[] | null {
  const view = new DataView(buffer);
  if (view.byteLength < END_RECORD_SIZE) return null;
  const end = findEndOfDirectory(view);
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff || count > MAX_ENTRIES) return null;
  const utf8 = new TextDecoder('utf-8');
  const names: string[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + ENTRY_HEADER_SIZE > view.byteLength) return null;
    if (view.getUint32(offset, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const nameStart = offset + ENTRY_HEADER_SIZE;
    if (nameStart + nameLength > view.byteLength) return null;
    const name = utf8.decode(new Uint8Array(buffer, nameStart, nameLength));
    if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) names.push(transferNameOf(name));
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return names;
}
