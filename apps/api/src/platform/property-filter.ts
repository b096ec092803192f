import type { FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Violation } from '@fiscus/contracts';
import {
  hydraCollectionSchema,
  MAX_FILTERED_PROPERTIES,
  MAX_PROPERTY_FILTER_DEPTH,
  MAX_PROPERTY_NAME_LENGTH,
  violationCodes,
} from '@fiscus/contracts';
import { badRequest } from './problem-errors.ts';

/**
 * API Platform's property filter (`properties[]=uuid&properties[sender][]=business_name`): the
 * selected names, each mapped to `true` (the whole value) or to the selection inside it. A Map,
 * so that names such as `constructor` or `__proto__` are plain keys.
 */
export type PropertySelection = Map<string, PropertySelection | true>;

const PARAMETER = 'properties';

type RawQuery = Record<string, unknown>;

/**
 * The property filter of a collection request, or undefined when it has none. Query keys arrive
 * unparsed (`properties[sender][]`), so the path is read here: `properties[]` lists top-level
 * names, each `[name]` before the final `[]` goes one object down. Any other spelling, too deep
 * a path, too many or too long names are a 400 problem.
 */
export function parsePropertyFilter(rawQuery: unknown): PropertySelection | undefined {
  const query = (rawQuery ?? {}) as RawQuery;
  const violations: Violation[] = [];
  let selection: PropertySelection | undefined;
  let count = 0;
  for (const key of Object.keys(query)) {
    if (key !== PARAMETER && !key.startsWith(`${PARAMETER}[`)) continue;
    const path = pathOf(key);
    if (path === undefined) {
      violations.push(invalid(key, 'Expected properties[]=name or properties[object][]=name.'));
      continue;
    }
    if (path.length > MAX_PROPERTY_FILTER_DEPTH) {
      violations.push(invalid(key, `At most ${MAX_PROPERTY_FILTER_DEPTH} levels of nesting.`));
      continue;
    }
    const names = valuesOf(query[key]);
    if (names === undefined || names.some((name) => name.length > MAX_PROPERTY_NAME_LENGTH)) {
      violations.push(
        invalid(key, `Expected property names of at most ${MAX_PROPERTY_NAME_LENGTH} characters.`),
      );
      continue;
    }
    count += path.length + names.length;
    selection ??= new Map();
    let node = selection;
    for (const name of path) {
      // A nested selection is more specific than the whole object, whatever their order.
      const child = node.get(name);
      const next = child instanceof Map ? child : new Map<string, PropertySelection | true>();
      node.set(name, next);
      node = next;
    }
    for (const name of names) if (name !== '' && !node.has(name)) node.set(name, true);
  }
  if (count > MAX_FILTERED_PROPERTIES) {
    violations.push(invalid(PARAMETER, `At most ${MAX_FILTERED_PROPERTIES} property names.`));
  }
  if (violations.length > 0) {
    throw badRequest(
      violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n'),
      violations,
    );
  }
  return selection;
}

/** `properties[a][b][]` → ['a', 'b']; undefined unless the key is that exact shape. */
function pathOf(key: string): string[] | undefined {
  const path: string[] = [];
  let rest = key.slice(PARAMETER.length);
  while (rest.length > 0) {
    if (rest[0] !== '[') return undefined;
    const close = rest.indexOf(']');
    if (close < 0) return undefined;
    const name = rest.slice(1, close);
    rest = rest.slice(close + 1);
    if (rest.length === 0) return name === '' ? path : undefined;
    if (name === '' || name.includes('[')) return undefined;
    path.push(name);
  }
  return undefined;
}

function valuesOf(value: unknown): string[] | undefined {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.every((entry) => typeof entry === 'string') ? (values as string[]) : undefined;
}

function invalid(propertyPath: string, message: string): Violation {
  return { propertyPath, message, code: violationCodes.invalid };
}

/** True when a member's `name` is part of the answer: always without a property filter. */
export function isPropertySelected(selection: PropertySelection | undefined, name: string) {
  return selection === undefined || selection.has(name);
}

/**
 * The member schema narrowed to a selection: objects keep only the selected keys they declare
 * (unknown names drop out, and the encoder strips everything else), optional, nullable and
 * array wrappers are kept, and anything else is selected whole.
 */
export function projectSchema(schema: z.ZodType, selection: PropertySelection): z.ZodType {
  if (schema instanceof z.ZodOptional) {
    return projectSchema(schema.unwrap() as z.ZodType, selection).optional();
  }
  if (schema instanceof z.ZodNullable) {
    return projectSchema(schema.unwrap() as z.ZodType, selection).nullable();
  }
  if (schema instanceof z.ZodArray) {
    return z.array(projectSchema(schema.element as z.ZodType, selection));
  }
  if (schema instanceof z.ZodObject) {
    const fields = schema.shape as Record<string, z.ZodType>;
    const shape: Record<string, z.ZodType> = {};
    for (const [name, inner] of selection) {
      const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (field === undefined) continue;
      shape[name] = inner === true ? field : projectSchema(field, inner);
    }
    return z.object(shape);
  }
  return schema;
}

/** Members schema of each collection route, registered by `collectionResponse`. */
const collectionMembers = new WeakMap<object, z.ZodType>();

/** Remembers the member schema of a route's 200 response (see `collectionResponse`). */
export function registerCollectionMember(response: object, member: unknown): void {
  if (member instanceof z.ZodArray) collectionMembers.set(response, member.element as z.ZodType);
}

type Projected = { json: z.ZodType; jsonLd: z.ZodType };

/** Projected schemas by member and selection; the zod objects compile on first use, so reuse them. */
const projections = new WeakMap<z.ZodType, Map<string, Projected>>();
const MAX_PROJECTIONS_PER_MEMBER = 64;

function selectionKey(selection: PropertySelection): string {
  return JSON.stringify(
    [...selection]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, inner]) => [name, inner === true ? 1 : selectionKey(inner)]),
  );
}

function projectedSchemas(member: z.ZodType, selection: PropertySelection): Projected {
  let byKey = projections.get(member);
  if (!byKey) projections.set(member, (byKey = new Map()));
  const key = selectionKey(selection);
  let projected = byKey.get(key);
  if (!projected) {
    const item = projectSchema(member, selection);
    projected = { json: z.array(item), jsonLd: hydraCollectionSchema(item) };
    // Callers choose the selections: keep the cache bounded whatever they send.
    if (byKey.size >= MAX_PROJECTIONS_PER_MEMBER) byKey.clear();
    byKey.set(key, projected);
  }
  return projected;
}

/**
 * The serializer of a collection answer under the request's property filter, or undefined when
 * the request has none (the route's own serializer then checks whole members). It encodes with
 * the route's member schema narrowed to the selection, so a partial member is checked as
 * strictly as a whole one and nothing the schema leaves out can be asked for.
 */
export function propertyFilterSerializer(
  request: FastifyRequest,
  representation: 'json' | 'jsonLd',
): ((payload: unknown) => string) | undefined {
  const selection = parsePropertyFilter(request.query);
  if (selection === undefined) return undefined;
  const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  const response = responses?.['200'];
  const member =
    typeof response === 'object' && response ? collectionMembers.get(response) : undefined;
  // A collection declared without `collectionResponse` has no member schema to narrow.
  if (member === undefined) return undefined;
  const schema = projectedSchemas(member, selection)[representation];
  return serializerCompiler({ schema, method: request.method, url: request.url });
}
