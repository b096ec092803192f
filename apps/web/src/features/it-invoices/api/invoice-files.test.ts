import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../lib/i18n';
import { apiUrl } from '../../../test/handlers/http';
import { sentRequests, server } from '../../../test/server';
import { downloadPageZip, downloadReport } from './invoice-files';

/** What a spreadsheet in the user's language opens: the CSV separator follows the console's language. */
describe('CSV exports', () => {
  beforeEach(async () => {
    await i18nReady;
    server.use(
      http.get(apiUrl('it', '/invoices/report'), () =>
        HttpResponse.text('\uFEFFnumber;total\n', { headers: { 'Content-Type': 'text/csv' } }),
      ),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('asks for semicolons in Italian and Polish, where numbers have a decimal comma', async () => {
    for (const language of ['it', 'pl']) {
      await i18n.changeLanguage(language);
      await downloadReport({ page: 2, number: 'FV1' });
    }
    const sent = sentRequests({ method: 'GET' }).filter((r) => r.path.endsWith('/invoices/report'));
    expect(sent.map((r) => r.query.get('separator'))).toEqual(['semicolon', 'semicolon']);
    // The report covers every filtered invoice: the filters go, the page does not.
    expect(sent[0]?.query.get('number')).toBe('FV1');
    expect(sent[0]?.query.has('page')).toBe(false);
  });

  it('asks for commas in English, for the page zip too', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.get(apiUrl('it', '/invoices'), () =>
        HttpResponse.arrayBuffer(new ArrayBuffer(4), {
          headers: { 'Content-Type': 'application/zip' },
        }),
      ),
    );
    await downloadReport({});
    await downloadPageZip(0, { page: 1 }, 'xml');
    const separators = sentRequests({ method: 'GET' }).map((r) => r.query.get('separator'));
    expect(separators).toEqual(['comma', 'comma']);
  });
});
