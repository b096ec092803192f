import { describe, expect, it } from 'vitest';
import type { ArchiveEntry } from './transfer-archive.ts';
import { ArchiveRefused, DEFAULT_ZIP_LIMITS, walkZip } from './transfer-archive.ts';
import { testZip } from './transfer-test-zips.ts';

async function entriesOf(zip: Buffer, limits = DEFAULT_ZIP_LIMITS) {
  const seen: ArchiveEntry[] = [];
  await walkZip(
    zip,
    (entry) => {
      seen.push(entry);
      return Promise.resolve();
    },
    limits,
  );
  return seen.map((entry) => ({
    index: entry.index,
    name: entry.name,
    text: entry.data?.toString('utf8'),
    problem: entry.problem,
    ...(entry.reason ? { reason: entry.reason, parameters: entry.parameters } : {}),
  }));
}

describe('walkZip', () => {
  it('hands over invoice files in order, and names what it does not read', async () => {
    const zip = testZip([
      { name: 'march/', data: '' },
      { name: 'march/IT01234567890_00001.xml', data: '<a/>' },
      { name: 'IT01234567890_00002.xml.p7m', data: 'signed' },
      { name: 'inner.zip', data: 'PK' },
      { name: 'notes.pdf', data: '%PDF' },
      { name: '__MACOSX/._IT01234567890_00001.xml', data: 'fork' },
      { name: 'bad\u0000name\r\n.xml', data: '<b/>' },
    ]);
    expect(await entriesOf(zip)).toEqual([
      { index: 1, name: 'IT01234567890_00001.xml', text: '<a/>', problem: undefined },
      { index: 2, name: 'IT01234567890_00002.xml.p7m', text: 'signed', problem: undefined },
      {
        index: 3,
        name: 'inner.zip',
        text: undefined,
        problem: expect.stringMatching(/zip inside/),
        reason: 'nested_zip',
        parameters: undefined,
      },
      {
        index: 4,
        name: 'notes.pdf',
        text: undefined,
        problem: expect.stringMatching(/Not an invoice/),
        reason: 'not_invoice',
        parameters: undefined,
      },
      { index: 5, name: 'bad_name__.xml', text: '<b/>', problem: undefined },
    ]);
  });

  it('gives an oversized invoice a problem instead of reading it', async () => {
    const big = Buffer.alloc(2000, 'x');
    const entries = await entriesOf(testZip([{ name: 'IT01234567890_00001.xml', data: big }]), {
      ...DEFAULT_ZIP_LIMITS,
      maxEntryBytes: 1000,
      maxRatio: 1000,
    });
    expect(entries[0]?.problem).toMatch(/larger than/);
    expect(entries[0]).toMatchObject({ reason: 'too_large', parameters: { max_mb: '0' } });
  });

  it('refuses a zip bomb, sizes that lie, unsafe names, too many entries and non-zips', async () => {
    const cases: [string, Buffer, typeof DEFAULT_ZIP_LIMITS?][] = [
      // 20 MB of zeros deflate to about 20 kB: a ratio of about 1000.
      [
        'bomb',
        testZip([{ name: 'IT01234567890_00001.xml', data: Buffer.alloc(20 * 1024 * 1024) }]),
      ],
      [
        'lying size',
        testZip([
          { name: 'IT01234567890_00001.xml', data: Buffer.alloc(50_000, 'a'), declaredSize: 10 },
        ]),
      ],
      ['parent folder', testZip([{ name: '../IT01234567890_00001.xml', data: '<a/>' }])],
      ['absolute', testZip([{ name: '/etc/IT01234567890_00001.xml', data: '<a/>' }])],
      [
        'too many',
        testZip([
          { name: 'a.xml', data: '<a/>' },
          { name: 'b.xml', data: '<b/>' },
        ]),
        { ...DEFAULT_ZIP_LIMITS, maxEntries: 1 },
      ],
      ['not a zip', Buffer.from('<FatturaElettronica/>')],
    ];
    for (const [label, zip, limits] of cases) {
      await expect(entriesOf(zip, limits), label).rejects.toBeInstanceOf(ArchiveRefused);
    }
  });
});
