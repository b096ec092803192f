/**
 * What every resource handler shares: the URL of a service route as `apiFetch` builds it (the
 * runtime config's base URL), and the API's answers: hydra collections, JSON items and RFC 9457
 * problems (422 with violations).
 */
import type { HydraCollection, Problem, Violation } from '@fiscus/contracts';
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { serviceBaseUrl, type ServiceId } from '../../lib/runtime-config';

/**
 * `path` on `service` as `apiFetch` calls it: the runtime config's base URL (relative, so MSW
 * matches it against the page's origin like the browser does). Call it once the config is set.
 */
export function apiUrl(service: ServiceId, path: string): string {
  return `${serviceBaseUrl(service)}${path}`;
}

/** A hydra collection of `members` (JSON-LD, the shape `parseCollection` reads). */
export function hydraCollection<T>(members: T[], id = ''): HttpResponse<HydraCollection<T>> {
  return HttpResponse.json(
    {
      '@context': '/api/contexts/hydra',
      '@id': id,
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': members.length,
      'hydra:view': {
        '@id': id,
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': id,
        'hydra:last': id,
      },
    },
    { headers: { 'Content-Type': 'application/ld+json; charset=utf-8' } },
  );
}

/** An RFC 9457 problem answer. */
export function problem(status: number, title: string, detail = '', extra: Partial<Problem> = {}) {
  const body: Problem = { type: 'about:blank', title, status, detail, ...extra };
  return HttpResponse.json(body, {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/** The API's 422: each violation in `violations`, all of them in `detail`. */
export function unprocessable(violations: Violation[]) {
  return problem(
    422,
    'An error occurred',
    violations.map((violation) => `${violation.propertyPath}: ${violation.message}`).join('\n'),
    { type: '/errors/422', violations },
  );
}

/** The 404 of an unknown item. */
export function notFound() {
  return problem(404, 'Not Found', 'Not Found');
}

/**
 * Reads the JSON body and checks it with the API's own request schema (`@fiscus/contracts`): the
 * parsed body, or the 422 the API answers (one violation per failed rule, snake_case paths).
 */
export async function parseBody<T>(
  request: Request,
  schema: z.ZodType<T>,
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
  const result = schema.safeParse(await request.json());
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    response: unprocessable(
      result.error.issues.map((issue) => ({
        propertyPath: issue.path.join('.'),
        message: issue.message,
        code: 'invalid',
      })),
    ),
  };
}

/** Keeps only the properties a `properties[]` filter asks for (the whole item without one). */
export function pickProperties<T extends object>(item: T, asked: string[]): Partial<T> {
  if (asked.length === 0) return item;
  return Object.fromEntries(
    Object.entries(item).filter(([key]) => asked.includes(key)),
  ) as Partial<T>;
}
