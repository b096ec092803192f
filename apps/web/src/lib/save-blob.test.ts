import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentFileName, saveBlob } from './save-blob';

describe('saveBlob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a body as a file of the given name and lets its URL go', async () => {
    const revoke = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:saved', revokeObjectURL: revoke }),
    );
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['x']), 'report_1.csv');
    expect(clicked).toEqual([{ href: 'blob:saved', download: 'report_1.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith('blob:saved');
    click.mockRestore();
  });

  it("names the file as the API's Content-Disposition does, else by the fallback", () => {
    const named = new Response('', {
      headers: { 'Content-Disposition': 'attachment; filename="invoice_transfers_2.csv"' },
    });
    expect(attachmentFileName(named, 'x.csv')).toBe('invoice_transfers_2.csv');
    expect(attachmentFileName(new Response(''), 'x.csv')).toBe('x.csv');
    const bare = new Response('', {
      headers: {
        'Content-Disposition': 'attachment; filename=documento-commerciale-DCW2026-0341-0001.pdf',
      },
    });
    expect(attachmentFileName(bare, 'x.pdf')).toBe('documento-commerciale-DCW2026-0341-0001.pdf');
    const extended = new Response('', {
      headers: {
        'Content-Disposition': `attachment; filename="fattura_caff_.xml"; filename*=UTF-8''fattura_caff%C3%A8.xml`,
      },
    });
    expect(attachmentFileName(extended, 'x.xml')).toBe('fattura_caffè.xml');
  });
});
