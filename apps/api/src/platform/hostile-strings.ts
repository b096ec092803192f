import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Violation } from '@fiscus/contracts';
import { violationCodes } from '@fiscus/contracts';
import { badRequest, unprocessable } from './problem-errors.ts';

/**
 * Strings no contract accepts, refused once at the edge for every request: a NUL (U+0000), which
 * PostgreSQL's text and jsonb cannot hold (an error, so a 500, if it gets that far), and a lone
 * UTF-16 surrogate (U+D800–U+DFFF without its pair), which has no UTF-8 form (jsonb refuses it,
 * text silently stores U+FFFD instead). JSON bodies are also bounded in depth, so no recursive
 * code after them (zod, the FatturaPA codec) can run out of stack.
 */

/** Deepest JSON nesting accepted; a FatturaPA invoice as JSON needs about ten levels. */
export const MAX_JSON_DEPTH = 64;

export type StringFault = 'nul' | 'lone-surrogate';
export type JsonFault = StringFault | 'too-deep';
export type JsonFinding = { fault: JsonFault; path: (string | number)[] };

const FAULT_MESSAGES: Record<StringFault, string> = {
  nul: 'This value contains a NUL character (U+0000).',
  'lone-surrogate': 'This value contains an unpaired surrogate (not valid Unicode).',
};

// ES2024 string methods (Node 20 has them; the project's TypeScript lib is ES2023).
type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/** What makes a string unacceptable, or undefined when it is fine. Linear, native scans. */
export function stringFault(value: string): StringFault | undefined {
  if (value.includes('\u0000')) return 'nul';
  if (!(value as WellFormedString).isWellFormed()) return 'lone-surrogate';
  return undefined;
}

type Visit = {
  value: unknown;
  depth: number;
  key: string | number | undefined;
  parent: Visit | undefined;
};

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) {
    path.unshift(at.key);
  }
  return path;
}

/**
 * The first unacceptable string (value or key) in a parsed JSON value, or a container nested
 * deeper than `maxDepth`. Walks with an explicit stack, so any depth is safe to inspect.
 */
export function inspectJson(root: unknown, maxDepth = MAX_JSON_DEPTH): JsonFinding | undefined {
  const stack: Visit[] = [{ value: root, depth: 0, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'string') {
      const fault = stringFault(value);
      if (fault) return { fault, path: pathOf(visit) };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return { fault: 'too-deep', path: pathOf(visit) };
    // Pushed last to first, so the document is read in order.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index], depth: depth + 1, key: index, parent: visit });
      }
      continue;
    }
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      const fault = stringFault(key);
      if (fault) return { fault, path: [...pathOf(visit), key] };
      const child = (value as Record<string, unknown>)[key];
      stack.push({ value: child, depth: depth + 1, key, parent: visit });
    }
  }
  return undefined;
}

/** A path safe to echo: the offending characters shown as U+FFFD. */
function propertyPath(path: (string | number)[]): string {
  return path
    .map((part) =>
      typeof part === 'number'
        ? String(part)
        : (part.replaceAll('\u0000', '\uFFFD') as WellFormedString).toWellFormed(),
    )
    .join('.');
}

function violationOf(fault: StringFault, path: (string | number)[]): Violation {
  return {
    propertyPath: propertyPath(path),
    message: FAULT_MESSAGES[fault],
    code: violationCodes.invalid,
  };
}

/** True for bodies a JSON parser produced (objects, arrays, or a JSON string/number). */
function isParsedJson(request: FastifyRequest): boolean {
  const { body } = request;
  if (body === undefined || body === null || Buffer.isBuffer(body)) return false;
  if (typeof body === 'object') return true;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * Hooks on the root instance, so they run before every route's own hooks (authentication
 * included): the path parameters, query string and header values in `onRequest`, the parsed
 * JSON body in `preValidation`. A bad URL part or header is a 400, a bad body field a 422
 * naming its path, a body nested too deep a 400. XML and other raw bodies (Buffers) are left to
 * their parsers.
 */
export function registerHostileInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const parts = [
      ['path', request.params],
      ['querystring', request.query],
      ['headers', request.headers],
    ] as const;
    for (const [context, value] of parts) {
      const finding = inspectJson(value);
      if (finding === undefined) continue;
      if (finding.fault === 'too-deep') throw badRequest(`Invalid ${context}: nested too deep.`);
      const violation = violationOf(finding.fault, finding.path);
      throw badRequest(`Invalid ${context}: ${violation.propertyPath}: ${violation.message}`, [
        violation,
      ]);
    }
  });

  app.addHook('preValidation', async (request) => {
    if (!isParsedJson(request)) return;
    const finding = inspectJson(request.body);
    if (finding === undefined) return;
    if (finding.fault === 'too-deep') {
      throw badRequest(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels.`);
    }
    throw unprocessable([violationOf(finding.fault, finding.path)]);
  });
}
