/**
 * The single data-access seam: every call to a Fiscus service goes through `apiFetch`, which adds
 * the bearer token, the impersonation header and content negotiation, and turns failures into
 * `ApiError`.
 */
import { clearSession, getSession } from './auth';
import { ApiError, apiErrorFromBody, parseCollection, type Collection } from './hydra';
import { serviceBaseUrl, type ServiceId } from './runtime-config';

export { ApiError } from './hydra';

/** Header that makes an administrator's request act as another user. */
export const switchUserHeader = 'X-Switch-User';

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

export type QueryParams = Record<string, QueryValue>;

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  body?: BodyInit | null;
  /** Serialized as the JSON request body (sets Content-Type). */
  json?: unknown;
  /** Query string; arrays use API Platform's `field[]=a&field[]=b`; empty values are skipped. */
  query?: QueryParams;
  /** Send the bearer token (default true). Login and password reset set false. */
  auth?: boolean;
  /** How to read a successful body; by default JSON when the response says so, else text. */
  as?: 'json' | 'text' | 'blob' | 'response';
}

export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const entry of value) params.append(name, String(entry));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

type UnauthorizedListener = (error: ApiError) => void;
const impersonationDeniedListeners = new Set<UnauthorizedListener>();

/**
 * A 401 while impersonating keeps the admin's session (the switch may simply have gone stale);
 * the shell subscribes here to tell the user.
 */
export function onUnauthorizedWhileImpersonating(listener: UnauthorizedListener): () => void {
  impersonationDeniedListeners.add(listener);
  return () => impersonationDeniedListeners.delete(listener);
}

function isJsonType(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (isJsonType(response.headers.get('Content-Type'))) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Calls `path` on a service. Resolves with the parsed body (undefined for 204), throws `ApiError`
 * for any non-2xx answer or network failure.
 */
export async function apiFetch<T = unknown>(
  service: ServiceId,
  path: string,
  init: ApiRequestInit = {},
): Promise<T> {
  const { json, query, auth = true, as, headers: initHeaders, ...rest } = init;
  const method = (rest.method ?? (json === undefined ? 'GET' : 'POST')).toUpperCase();
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) {
    headers.set('Accept', method === 'GET' ? 'application/ld+json' : 'application/json');
  }
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const session = auth ? getSession() : null;
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    if (session.impersonation && !headers.has(switchUserHeader)) {
      headers.set(switchUserHeader, session.impersonation.username);
    }
  }

  const url = `${serviceBaseUrl(service)}${path.startsWith('/') ? path : `/${path}`}${buildQueryString(query)}`;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, method, headers, body });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      detail: '',
    });
  }

  if (!response.ok) {
    const error = apiErrorFromBody(response.status, await readBody(response), response.statusText);
    if (response.status === 401 && session) {
      if (session.impersonation) {
        for (const listener of impersonationDeniedListeners) listener(error);
      } else {
        clearSession();
      }
    }
    throw error;
  }

  if (as === 'response') return response as T;
  if (as === 'blob') return (await response.blob()) as T;
  if (as === 'text') return (await response.text()) as T;
  if (response.status === 204) return undefined as T;
  if (as === 'json') {
    const text = await response.text();
    try {
      return (text === '' ? undefined : JSON.parse(text)) as T;
    } catch {
      throw apiErrorFromBody(response.status, text, 'Invalid JSON response');
    }
  }
  const parsed = await readBody(response);
  return (parsed ?? undefined) as T;
}

/** GETs a collection as JSON-LD and returns `{ items, total }`. */
export async function apiFetchCollection<T>(
  service: ServiceId,
  path: string,
  init: ApiRequestInit = {},
): Promise<Collection<T>> {
  return parseCollection<T>(await apiFetch<unknown>(service, path, { ...init, as: 'json' }));
}
