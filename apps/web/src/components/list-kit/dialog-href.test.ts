import { describe, expect, it } from 'vitest';
import { dialogHref } from './use-details-dialog';

describe('dialogHref', () => {
  it('opens a dialog with its prefixed data over a list, extra parameters kept as given', () => {
    const href = dialogHref('/supplier-invoice', 'invoice', { uuid: 'a b' }, { dialog_tab: 'xml' });
    const url = new URL(href, 'http://console');
    expect(url.pathname).toBe('/supplier-invoice');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dialogId: 'invoice',
      dialog_uuid: 'a b',
      dialog_tab: 'xml',
    });
  });
});
