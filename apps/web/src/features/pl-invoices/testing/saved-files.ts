/**
 * Test helper: the files the console hands to the browser (`lib/save-blob`), with their names and
 * bytes, so a test asserts what the user gets.
 */
import { vi } from 'vitest';

export interface SavedFile {
  name: string;
  blob: Blob;
}

export function captureSavedFiles(): { files: SavedFile[]; restore: () => void } {
  const files: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  // jsdom has no object URLs: stubs to spy on.
  if (typeof URL.createObjectURL !== 'function') {
    Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
  }
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    next += 1;
    const url = `blob:saved-${next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, blob });
  });
  return {
    files,
    restore: () => {
      create.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    },
  };
}

/** The bytes of a saved file. */
export async function bytesOf(file: SavedFile | undefined): Promise<Uint8Array> {
  if (!file) throw new Error('no file was saved');
  return new Uint8Array(await file.blob.arrayBuffer());
}
