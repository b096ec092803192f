/**
 * The hydra / problem+json boundary: API Platform collections become `{ items, total }` and error
 * bodies become `ApiError` with violations. Nothing outside this file reads `hydra:` keys.
 */

export interface Collection<T> {
  items: T[];
  total: number;
}

/** One server-side validation failure; `propertyPath` is the snake_case field name. */
export interface Violation {
  propertyPath: string;
  message: string;
  code?: string;
  /** The refused value, when the API echoes it back. */
  propertyContent?: string;
  /** The message in each language the API wrote it in (the invoice engine's findings: it, en, pl). */
  messages?: Record<string, string>;
  /** The values the message names (a fiscal id, a limit), for a client that words `code`. */
  parameters?: Record<string, string>;
}

/** A violation's message in `language` when the API wrote it in that language, else as sent. */
export function violationMessage(violation: Violation, language: string): string {
  return violation.messages?.[language.slice(0, 2)] ?? violation.message;
}

/** RFC 7807 problem details as the API sends them. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
}

/** Every failed API call throws this: the HTTP status (0 = network failure), the problem, the violations. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly problem: Problem;
  readonly violations: Violation[];

  constructor(status: number, problem: Problem, violations: Violation[] = []) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.violations = violations;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(...values: unknown[]): string {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return '';
}

/**
 * Reads a collection answered as JSON-LD (`hydra:member`/`hydra:totalItems`, or the unprefixed
 * `member`/`totalItems` of newer API Platform versions) or as a bare JSON array.
 */
export function parseCollection<T>(body: unknown): Collection<T> {
  if (Array.isArray(body)) return { items: body as T[], total: body.length };
  if (isRecord(body)) {
    const members = body['hydra:member'] ?? body.member;
    if (Array.isArray(members)) {
      const total = body['hydra:totalItems'] ?? body.totalItems;
      return {
        items: members as T[],
        total: typeof total === 'number' && Number.isFinite(total) ? total : members.length,
      };
    }
  }
  throw new ApiError(0, {
    type: 'about:blank',
    title: 'Unexpected response',
    status: 0,
    detail: 'The server answered with something that is not a collection.',
  });
}

/**
 * API Platform's property filter as query parameters: each member of the collection then holds
 * only these properties. `a.b` asks for `b` inside the object `a` (`properties[a][]=b`).
 * Lists ask for what their columns and row actions read; the full record comes from the item.
 */
export function propertyFilter(properties: readonly string[]): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const property of new Set(properties)) {
    const path = property.split('.');
    const name = path.pop() ?? '';
    const key = `properties${path.map((part) => `[${part}]`).join('')}[]`;
    (query[key] ??= []).push(name);
  }
  return query;
}

function parseViolations(value: unknown): Violation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): Violation[] => {
    if (!isRecord(entry)) return [];
    const message = firstString(entry.message, entry.title);
    if (!message) return [];
    const violation: Violation = { propertyPath: firstString(entry.propertyPath), message };
    if (typeof entry.code === 'string') violation.code = entry.code;
    if (typeof entry.propertyContent === 'string')
      violation.propertyContent = entry.propertyContent;
    const messages = isRecord(entry.messages)
      ? Object.entries(entry.messages).filter(
          (pair): pair is [string, string] => typeof pair[1] === 'string',
        )
      : [];
    if (messages.length > 0) violation.messages = Object.fromEntries(messages);
    const parameters = isRecord(entry.parameters)
      ? Object.entries(entry.parameters).flatMap(([name, value]): [string, string][] =>
          typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
        )
      : [];
    if (parameters.length > 0) violation.parameters = Object.fromEntries(parameters);
    return [violation];
  });
}

/** Builds the error of a failed response from its (possibly empty or non-JSON) body. */
export function apiErrorFromBody(status: number, body: unknown, statusText = ''): ApiError {
  if (isRecord(body)) {
    const problem: Problem = {
      type: firstString(body.type, body['@type']) || 'about:blank',
      title: firstString(body.title, body['hydra:title']) || statusText || `HTTP ${status}`,
      status: typeof body.status === 'number' ? body.status : status,
      detail: firstString(body.detail, body['hydra:description'], body.message),
    };
    return new ApiError(status, problem, parseViolations(body.violations));
  }
  const text = typeof body === 'string' ? body.trim() : '';
  return new ApiError(status, {
    type: 'about:blank',
    title: statusText || `HTTP ${status}`,
    status,
    // A short plain-text body (e.g. from a proxy) is still the best explanation we have.
    detail: text.length > 0 && text.length <= 500 ? text : '',
  });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's explanation of a refused request (a 4xx problem's detail), or '' for anything
 * else: a 5xx detail is for the logs, not for the user.
 */
export function clientErrorDetail(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.problem.detail : '';
}

/** Violations of an error keyed by field (first message wins); empty for non-API errors. */
export function violationsByField(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error)) return out;
  for (const violation of error.violations) {
    out[violation.propertyPath] ??= violation.message;
  }
  return out;
}
