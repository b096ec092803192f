/**
 * Runtime configuration served by the API at `/config.json`. The console never hard-codes a
 * service URL: operators can point each service at another host without rebuilding.
 */

import { platformIds, serviceIds } from '@fiscus/contracts/ids';
import type { DemoLogin, PlatformId, ServiceId } from '@fiscus/contracts';

export type { DemoLogin, ServiceId };

/** The role contexts (the contract's platform ids) that the token's roles map is keyed by. */
export const contextIds = platformIds;

/** A role context: one of the platform ids that the token's roles map is keyed by (via platformKeys). */
export type ContextId = PlatformId;

/**
 * What the console keeps of `/config.json` (the contract's `RuntimeConfig`). Parsed leniently
 * below, so the console also runs against a deployment that omits optional parts.
 */
export interface RuntimeConfig {
  services: Record<ServiceId, string>;
  platformKeys: Record<ContextId, string>;
  sandbox: boolean;
  demoLogins: DemoLogin[];
  version: string;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord<K extends string>(
  value: unknown,
  keys: readonly K[],
  fallback: (key: K) => string | undefined,
  field: string,
): Record<K, string> {
  const source = isRecord(value) ? value : {};
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const entry = source[key] ?? fallback(key);
    if (typeof entry !== 'string' || entry === '') {
      throw new RuntimeConfigError(`config.json: ${field}.${key} is missing`);
    }
    out[key] = entry;
  }
  return out;
}

/** Validates the raw `/config.json` body; platform keys default to the context ids. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new RuntimeConfigError('config.json: not an object');
  const services = stringRecord(raw.services, serviceIds, () => undefined, 'services');
  const platformKeys = stringRecord(raw.platformKeys, contextIds, (key) => key, 'platformKeys');
  const sandbox = raw.sandbox === true;
  const demoLogins =
    sandbox && Array.isArray(raw.demoLogins)
      ? raw.demoLogins.filter(
          (entry): entry is DemoLogin =>
            isRecord(entry) && typeof entry.email === 'string' && typeof entry.persona === 'string',
        )
      : [];
  const version = typeof raw.version === 'string' ? raw.version : '';
  return { services, platformKeys, sandbox, demoLogins, version };
}

let current: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

/** The id of the JSON data block the API writes into index.html (its static-console.ts). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'fiscus-runtime-config';

/** The configuration the serving API wrote into the page, or null (Vite's dev server, a page served elsewhere). */
function inlinedConfig(doc: Document | undefined): RuntimeConfig | null {
  const text = doc?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The configuration once; later calls share the same promise. Call before the first render. Read
 * from the page when the API wrote it there (no request before the first render), else fetched
 * from `/config.json`.
 */
export function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  doc: Document | undefined = globalThis.document,
): Promise<RuntimeConfig> {
  const inlined = loading ? null : inlinedConfig(doc);
  if (inlined) {
    current = inlined;
    loading = Promise.resolve(inlined);
  }
  loading ??= fetchImpl('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new RuntimeConfigError(`config.json: HTTP ${response.status}`);
      current = parseRuntimeConfig(await response.json());
      return current;
    })
    .catch((error: unknown) => {
      // Allow a retry (e.g. the error page reloading) instead of caching the failure forever.
      loading = null;
      throw error;
    });
  return loading;
}

/** Whether the configuration is here (an inlined one is, as soon as `loadRuntimeConfig` ran). */
export function hasRuntimeConfig(): boolean {
  return current !== null;
}

/** The loaded configuration; throws when used before `loadRuntimeConfig` resolved. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('Runtime configuration used before it was loaded');
  return current;
}

/** Installs a configuration directly (unit tests, or a host page that embeds it). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  loading = Promise.resolve(config);
}

/** Base URL of a service, without a trailing slash. */
export function serviceBaseUrl(service: ServiceId): string {
  const url = getRuntimeConfig().services[service];
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}
