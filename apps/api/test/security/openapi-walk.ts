import fc from 'fast-check';

/**
 * Reads the API's own OpenAPI document into the operations the hostile-input walk exercises, and
 * turns each JSON schema into a fast-check arbitrary of values the schema accepts (a baseline a
 * hostile value is then put into). A route joins the walk by being in the document.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type RawOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

export type Parameter = { name: string; schema: JsonSchema; required: boolean };

export type Operation = {
  method: string;
  /** Path template, `/api/it/invoices/{uuid}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the operation declares one. */
  jsonBody: JsonSchema | undefined;
  /** Declared non-JSON body types (none declared: the route reads its body by hand). */
  otherBodyTypes: string[];
  secured: boolean;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined) => resolveRefs(schema ?? {}, document);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = raw.parameters ?? [];
      const params = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: resolve(p.schema), required: p.required ?? false }));
      const content = raw.requestBody?.content ?? {};
      const json = content['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        queryParams: params('query'),
        jsonBody: json ? resolve(json.schema) : undefined,
        otherBodyTypes: Object.keys(content).filter((type) => type !== 'application/json'),
        secured: raw.security !== undefined && raw.security.length > 0,
      });
    }
  }
  return operations;
}

function resolveRefs(schema: JsonSchema, document: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolveRefs(document.components?.schemas?.[name] ?? {}, document, depth + 1);
  }
  const next = (s: JsonSchema) => resolveRefs(s, document, depth + 1);
  return {
    ...schema,
    ...(schema.anyOf ? { anyOf: schema.anyOf.map(next) } : {}),
    ...(schema.oneOf ? { oneOf: schema.oneOf.map(next) } : {}),
    ...(schema.allOf ? { allOf: schema.allOf.map(next) } : {}),
    ...(schema.items ? { items: next(schema.items) } : {}),
    ...(schema.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(schema.properties).map(([key, value]) => [key, next(value)]),
          ),
        }
      : {}),
  };
}

/** Values the schema accepts (short ones: the baseline, not the attack). */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    // Prefer a non-null alternative: a null baseline exercises nothing.
    const nonNull = alternatives.filter((s) => s.type !== 'null');
    return fc.oneof(
      ...(nonNull.length > 0 ? nonNull : alternatives).map((s) => arbitraryFor(s, depth + 1)),
    );
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return arbitraryFor(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1, -1000);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1001) - 1, 1000);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number':
      return fc.integer({ min: 0, max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, 2)),
      });
    case 'object':
    default: {
      if (!schema.properties) return fc.constant({});
      const required = schema.required ?? [];
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [
            key,
            arbitraryFor(value, depth + 1),
          ]),
        ),
        { requiredKeys: required.filter((key) => key in schema.properties!) },
      );
    }
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.constantFrom('2026-01-31', '2025-06-01');
    case 'date-time':
      return fc.constantFrom('2026-01-31T10:00:00Z', '2025-06-01T00:00:00+02:00');
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => within(s, schema));
    } catch {
      // A pattern JavaScript cannot read: fall through to plain text.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  return fc.string({ minLength, maxLength });
}

function within(value: string, schema: JsonSchema): boolean {
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

/** Every field path of an object schema, one level of nesting deep (`a`, `a.b`). */
export function fieldPaths(schema: JsonSchema): string[][] {
  const paths: string[][] = [];
  const objectOf = (s: JsonSchema): JsonSchema | undefined =>
    s.properties ? s : (s.anyOf ?? s.oneOf ?? []).find((alternative) => alternative.properties);
  const root = objectOf(schema);
  for (const [key, child] of Object.entries(root?.properties ?? {})) {
    paths.push([key]);
    const nested = objectOf(child);
    for (const inner of Object.keys(nested?.properties ?? {})) paths.push([key, inner]);
  }
  return paths;
}

/** A copy of `body` with `value` at `path` (creating the objects on the way). */
export function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  const root: Record<string, unknown> =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? structuredClone(body as Record<string, unknown>)
      : {};
  let cursor = root;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      Object.defineProperty(cursor, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return;
    }
    const next = cursor[key];
    const child =
      next !== null && typeof next === 'object' && !Array.isArray(next)
        ? (next as Record<string, unknown>)
        : {};
    cursor[key] = child;
    cursor = child;
  });
  return root;
}
