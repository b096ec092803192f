/**
 * The one mock API of the component tests: an MSW server answering the console's `fetch` with the
 * per-resource handlers of `./handlers`. `setup.ts` starts it (an unhandled request fails the
 * test), gives every test fresh in-memory resources and empties the request log after each test.
 * A test overrides one answer with `server.use(...)`.
 */
import { setupServer } from 'msw/node';

export const server = setupServer();

/** One request the console sent, as a test asserts on it. */
export interface SentRequest {
  method: string;
  /** Path without the query, e.g. `/api/common/pre-sale-actions`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, the text of another body, or undefined without one. */
  body: unknown;
}

const log: SentRequest[] = [];

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: SentRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    headers: request.headers,
    body: undefined,
  };
  log.push(entry);
  void request
    .clone()
    .text()
    .then((text) => {
      entry.body = parseBody(text);
    });
});

/** Every request the console sent during the current test, oldest first. */
export function sentRequests(filter?: { method?: string; path?: string }): SentRequest[] {
  return log.filter(
    (entry) =>
      (filter?.method === undefined || entry.method === filter.method) &&
      (filter?.path === undefined || entry.path === filter.path),
  );
}

/** Forgets the requests of the test that ended (`setup.ts`). */
export function clearSentRequests(): void {
  log.length = 0;
}
