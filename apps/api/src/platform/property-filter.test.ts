import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsePropertyFilter, projectSchema } from './property-filter.ts';
import type { PropertySelection } from './property-filter.ts';
import { HttpProblem } from './problem-errors.ts';

/** A selection as plain data, for readable expectations. */
function plain(selection: PropertySelection | undefined): unknown {
  if (selection === undefined) return undefined;
  return Object.fromEntries(
    [...selection].map(([name, inner]) => [name, inner === true ? true : plain(inner)]),
  );
}

describe('parsePropertyFilter', () => {
  it('is undefined without the filter', () => {
    expect(parsePropertyFilter({ page: '1', 'order[uuid]': 'asc' })).toBeUndefined();
    expect(parsePropertyFilter(undefined)).toBeUndefined();
  });

  it('reads top-level and nested names; a nested selection wins over the whole object', () => {
    const selection = parsePropertyFilter({
      'properties[]': ['uuid', 'sender', 'uuid', ''],
      'properties[sender][]': 'business_name',
      'properties[a][b][]': ['c', 'd'],
    });
    expect(plain(selection)).toEqual({
      uuid: true,
      sender: { business_name: true },
      a: { b: { c: true, d: true } },
    });
  });

  it('keeps prototype names as plain keys', () => {
    const selection = parsePropertyFilter({
      'properties[]': ['__proto__', 'constructor'],
      'properties[toString][]': 'x',
    });
    expect([...selection!.keys()]).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it.each([
    { properties: 'uuid' },
    { 'properties[sender]': 'x' },
    { 'properties[sender': 'x' },
    { 'properties[]x': 'x' },
    { 'properties[][]': 'x' },
    { 'properties[a[b][]': 'x' },
    { 'properties[a][b][c][d][]': 'x' },
    { 'properties[]': 'n'.repeat(101) },
    { 'properties[]': Array.from({ length: 101 }, (_, i) => `p${i}`) },
  ])('refuses %o with a 400 problem', (query) => {
    expect(() => parsePropertyFilter(query)).toThrow(HttpProblem);
    try {
      parsePropertyFilter(query);
    } catch (error) {
      expect((error as HttpProblem).toProblem().status).toBe(400);
    }
  });
});

describe('projectSchema', () => {
  const member = z.object({
    uuid: z.string(),
    payload: z.string(),
    sender: z.object({ name: z.string(), code: z.string() }).nullable(),
    notes: z.array(z.object({ text: z.string(), at: z.string() })).optional(),
  });
  const select = (query: Record<string, string | string[]>) =>
    projectSchema(member, parsePropertyFilter(query)!);

  it('keeps only the selected keys the schema declares, and checks them', () => {
    const schema = select({ 'properties[]': ['uuid', 'secret', 'constructor'] });
    expect(z.encode(schema, { uuid: 'u', payload: 'big', secret: 's' })).toEqual({ uuid: 'u' });
    expect(schema.safeParse({}).success).toBe(false);
  });

  it('narrows nested objects through nullable, optional and array wrappers', () => {
    const schema = select({
      'properties[sender][]': 'name',
      'properties[notes][]': 'text',
    });
    expect(
      z.encode(schema, {
        sender: { name: 'n', code: 'c' },
        notes: [{ text: 't', at: 'a' }],
      }),
    ).toEqual({ sender: { name: 'n' }, notes: [{ text: 't' }] });
    expect(z.encode(schema, { sender: null })).toEqual({ sender: null });
  });

  it('selects a scalar whole even when asked for names inside it', () => {
    const schema = select({ 'properties[payload][]': 'x' });
    expect(z.encode(schema, { payload: '{"x":1}' })).toEqual({ payload: '{"x":1}' });
  });
});
