import fc from 'fast-check';

/**
 * The hostile values of the walk: what an attack test threw at the server, kept as data. Each
 * value is one a user or a script can send; none of them may give a 5xx, a hang or a stored row.
 */

const MEGABYTE = 1024 * 1024;

/** Values for a text field, a path parameter or a query filter. */
export function hostileStrings(): { label: string; value: string }[] {
  return [
    { label: 'NUL byte', value: 'abc\u0000def' },
    { label: 'lone NUL', value: '\u0000' },
    { label: 'lone high surrogate', value: 'x\uD800y' },
    { label: 'lone low surrogate', value: '\uDFFF' },
    { label: 'not a uuid', value: 'not-a-uuid' },
    { label: 'almost a uuid', value: '00000000-0000-0000-0000-00000000000g' },
    { label: 'impossible date', value: '2026-02-30' },
    { label: 'out-of-range date', value: '2026-13-45' },
    { label: 'impossible date-time', value: '2026-02-30T25:61:61Z' },
    { label: 'path traversal', value: '../../../../etc/passwd' },
    { label: 'windows path', value: 'C:\\Windows\\win.ini' },
    { label: 'CR LF', value: 'name.xml\r\nSet-Cookie: a=b' },
    { label: 'non-Latin-1', value: '日本€.pdf' },
    { label: 'prototype key', value: '__proto__' },
    { label: 'constructor', value: 'constructor' },
    { label: 'integer past int4', value: '2147483648' },
    { label: 'integer past safe', value: '9007199254740993' },
    { label: 'negative', value: '-1' },
    { label: 'float', value: '1e308' },
    { label: 'SQL', value: "'; DROP TABLE users; --" },
    { label: 'percent', value: '%' },
    { label: 'markup', value: '<script>alert(1)</script>' },
    { label: 'empty', value: '' },
    { label: 'long name', value: 'N'.repeat(150_000) },
  ];
}

/** Query values stay under a URL a proxy would pass; the 1 MB strings go in bodies. */
export function hostileQueryStrings(): { label: string; value: string }[] {
  return hostileStrings().map((entry) =>
    entry.label === 'long name' ? { label: 'long value', value: 'N'.repeat(8_000) } : entry,
  );
}

/** Values for a JSON body field: every string above plus the wrong types and sizes. */
export function hostileJsonValues(): { label: string; value: unknown }[] {
  return [
    ...hostileStrings(),
    { label: '1 MB string', value: 'A'.repeat(MEGABYTE) },
    { label: 'max safe integer', value: Number.MAX_SAFE_INTEGER },
    { label: 'past int4', value: 2_147_483_648 },
    { label: 'negative integer', value: -2_147_483_649 },
    { label: 'fraction', value: 0.1 },
    { label: 'huge float', value: 1e308 },
    { label: 'true', value: true },
    { label: 'null', value: null },
    { label: 'object', value: { a: 1 } },
    { label: 'array', value: ['a', 1, null] },
    {
      label: 'object with prototype keys',
      value: JSON.parse(
        '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}},"toString":1}',
      ) as unknown,
    },
    { label: 'deep array', value: deepArray(200) },
  ];
}

/** Whole bodies that are hostile as text, whatever the route expects. */
export function hostileRawBodies(): { label: string; contentType: string; body: string }[] {
  return [
    {
      label: 'JSON 10,000 deep',
      contentType: 'application/json',
      body: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    },
    {
      label: 'JSON object 10,000 deep',
      contentType: 'application/json',
      body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    },
    { label: 'malformed JSON', contentType: 'application/json', body: '{"a":' },
    { label: 'JSON with NUL key', contentType: 'application/json', body: '{"a\\u0000":1}' },
    { label: 'JSON lone surrogate', contentType: 'application/json', body: '{"a":"\\ud800"}' },
    {
      label: 'JSON proto pollution',
      contentType: 'application/json',
      body: '{"__proto__":{"admin":true}}',
    },
    {
      label: 'JSON constructor pollution',
      contentType: 'application/json',
      body: '{"constructor":{"prototype":{"admin":true}}}',
    },
    { label: 'JSON array', contentType: 'application/json', body: '[1,2,3]' },
    { label: 'JSON string', contentType: 'application/json', body: '"x"' },
    { label: 'unknown type', contentType: 'application/x-unknown', body: 'x' },
    { label: 'text', contentType: 'text/plain', body: 'hello\u0000' },
  ];
}

/** Hostile FatturaPA-shaped XML built from a real sample: what the document routes must refuse. */
export function hostileXmlBodies(sample: string): { label: string; body: string }[] {
  const inTransmission = (fragment: string) =>
    sample.replace(/<DatiTrasmissione>/, `<DatiTrasmissione>${fragment}`);
  return [
    { label: '150,000-character element name', body: inTransmission(`<${'N'.repeat(150_000)}/>`) },
    {
      label: 'XML 10,000 deep',
      body: inTransmission(`${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}`),
    },
    {
      label: 'lone surrogate reference',
      body: sample.replace(/<Denominazione>[^<]*/, '<Denominazione>&#xD800;'),
    },
    {
      label: 'NUL reference',
      body: sample.replace(/<Denominazione>[^<]*/, '<Denominazione>&#x0;'),
    },
    {
      label: '1 MB Denominazione',
      body: sample.replace(/<Denominazione>[^<]*/, `<Denominazione>${'A'.repeat(MEGABYTE)}`),
    },
    {
      label: 'entity bomb',
      body: `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${sample.replace(/^<\?xml[^>]*>/, '')}`,
    },
    {
      label: 'external entity',
      body: `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>`,
    },
    {
      label: 'XInclude',
      body: inTransmission(
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/>',
      ),
    },
    { label: 'unknown element', body: inTransmission('<Unknown>x</Unknown>') },
    { label: 'truncated', body: sample.slice(0, Math.floor(sample.length / 2)) },
    { label: 'garbage', body: '\u0000\u0001\u0002 not xml' },
    { label: 'empty', body: '' },
  ];
}

/** fast-check's own strings and values, for a field of any type. */
export const generatedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

export const generatedQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
);

function deepArray(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}
