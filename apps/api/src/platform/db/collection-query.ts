import type { Column, SQL } from 'drizzle-orm';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
} from 'drizzle-orm';
import type { Violation } from '@fiscus/contracts';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE, violationCodes } from '@fiscus/contracts';
import { isUuid } from '../auth.ts';
import { badRequest } from '../problem-errors.ts';

/*
 * The SQL half of a collection: a list route's query string (already checked by the route's
 * querystring schema: page, itemsPerPage, property filter) becomes pagination, a WHERE and an
 * ORDER BY over the columns a repository's collection definition names. The filter values the
 * schema leaves loose (API Platform's `field[after]`, `order[field]`, `exists[field]`) are read
 * here, once, and a bad one is a 400 problem. The HTTP half (hydra envelope, Accept) is
 * `platform/hydra.ts`.
 */

/**
 * How one API field can be filtered, API Platform style:
 * - `partial`: `field=abc` → case-insensitive "contains"
 * - `exact`: `field=a` or `field[]=a&field[]=b` → equality / IN
 * - `uuid`: as `exact`, every value a UUID (anything else is a 400 before it reaches the uuid
 *   column); an `exact` filter on a uuid column is read as `uuid`
 * - `boolean`: `field=true|false|1|0`
 * - `date`: `field[after|before|strictly_after|strictly_before]=<ISO date or date-time>`
 *   (`after`/`before` are inclusive; a bare date means that day's start in UTC; impossible
 *   calendar dates such as 2026-02-30 are a 400)
 */
export type FilterKind = 'partial' | 'exact' | 'uuid' | 'boolean' | 'date';

export type CollectionDefinition = {
  filters?: Record<string, { kind: FilterKind; column: Column }>;
  /** Fields usable in `exists[field]=true|false`. */
  exists?: Record<string, Column>;
  /** Fields usable in `order[field]=asc|desc`. */
  order?: Record<string, Column>;
  /** Applied after any requested order so pages are stable. */
  defaultOrder: SQL[];
};

export type CollectionQuery = {
  page: number;
  itemsPerPage: number;
  offset: number;
  where: SQL | undefined;
  orderBy: SQL[];
  /** The first `order[field]` the caller asked for, if any (ORDER BY's leading key). */
  requestedOrder: { column: Column; direction: 'asc' | 'desc' } | undefined;
};

/** The query as Fastify hands it over: strings, repeated keys as arrays, page numbers coerced. */
type RawQuery = Record<string, string | string[] | number | undefined>;

const DATE_OPERATORS = {
  after: gte,
  before: lte,
  strictly_after: gt,
  strictly_before: lt,
} as const;

/**
 * Turns a request's query string into pagination, a WHERE and an ORDER BY over Drizzle columns.
 * Unknown parameters are ignored (API Platform does the same); bad values are a 400 problem.
 */
export function parseCollectionQuery(
  rawQuery: unknown,
  definition: CollectionDefinition,
): CollectionQuery {
  const query = (rawQuery ?? {}) as RawQuery;
  const violations: Violation[] = [];

  const page = positiveInt(query, 'page', 1, violations);
  const requested = positiveInt(query, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE, violations);
  const itemsPerPage = Math.min(requested, MAX_ITEMS_PER_PAGE);

  const conditions: SQL[] = [];
  for (const [field, { kind, column }] of Object.entries(definition.filters ?? {})) {
    const condition = filterCondition(query, field, kind, column, violations);
    if (condition) conditions.push(condition);
  }
  for (const [field, column] of Object.entries(definition.exists ?? {})) {
    const value = single(query[`exists[${field}]`]);
    if (value === undefined) continue;
    const flag = parseBoolean(value);
    if (flag === undefined) violations.push(invalid(`exists[${field}]`, 'Expected true or false.'));
    else conditions.push(flag ? isNotNull(column) : isNull(column));
  }

  const orderBy: SQL[] = [];
  let requestedOrder: CollectionQuery['requestedOrder'];
  for (const [field, column] of Object.entries(definition.order ?? {})) {
    const value = single(query[`order[${field}]`])?.toLowerCase();
    if (value === undefined) continue;
    if (value === 'asc' || value === 'desc') {
      orderBy.push(value === 'asc' ? asc(column) : desc(column));
      requestedOrder ??= { column, direction: value };
    } else violations.push(invalid(`order[${field}]`, 'Expected asc or desc.'));
  }

  if (violations.length > 0) {
    throw badRequest(
      violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n'),
      violations,
    );
  }
  return {
    page,
    itemsPerPage,
    offset: (page - 1) * itemsPerPage,
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy: [...orderBy, ...definition.defaultOrder],
    requestedOrder,
  };
}

function filterCondition(
  query: RawQuery,
  field: string,
  kind: FilterKind,
  column: Column,
  violations: Violation[],
): SQL | undefined {
  if (kind === 'date') {
    const parts: SQL[] = [];
    for (const [operator, build] of Object.entries(DATE_OPERATORS)) {
      const value = single(query[`${field}[${operator}]`]);
      if (value === undefined || value === '') continue;
      const date = parseDate(value);
      if (!date) {
        violations.push(invalid(`${field}[${operator}]`, 'Expected a valid ISO 8601 date.'));
      } else parts.push(build(column, date));
    }
    return parts.length > 0 ? and(...parts) : undefined;
  }

  const values = [...list(query[field]), ...list(query[`${field}[]`])].filter((v) => v !== '');
  if (values.length === 0) return undefined;
  switch (kind === 'exact' && column.columnType === 'PgUUID' ? 'uuid' : kind) {
    case 'partial':
      return or(...values.map((value) => ilike(column, `%${escapeLike(value)}%`)));
    case 'uuid':
      // PostgreSQL answers an error, not "no match", to text that is not a uuid.
      if (!values.every(isUuid)) {
        violations.push(invalid(field, 'Expected a UUID.'));
        return undefined;
      }
      return values.length === 1 ? eq(column, values[0]) : inArray(column, values);
    case 'exact':
      return values.length === 1 ? eq(column, values[0]) : inArray(column, values);
    case 'boolean': {
      const flags = values.map(parseBoolean);
      if (flags.some((flag) => flag === undefined)) {
        violations.push(invalid(field, 'Expected true, false, 1 or 0.'));
        return undefined;
      }
      return inArray(column, [...new Set(flags as boolean[])]);
    }
  }
}

function positiveInt(
  query: RawQuery,
  name: string,
  fallback: number,
  violations: Violation[],
): number {
  const raw = single(query[name]);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    violations.push(invalid(name, 'Expected a positive integer.'));
    return fallback;
  }
  return Number(raw);
}

function parseBoolean(value: string): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

/** `2026-01-31`, optionally `T10:30`, `:45`, `.123`, and `Z` or `±hh[:]mm`; each part captured. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The instants PostgreSQL's timestamp and date columns hold without an error: years 1 to 9999. */
const EARLIEST = new Date(0).setUTCFullYear(1, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Accepts `2026-01-31` (UTC midnight) or an ISO 8601 date-time (without zone: UTC). Every part
 * must exist on the calendar: 2026-02-30, 2026-13-45, 24:00 or 10:60 are refused, never rolled
 * over into the next day or month as `Date` would.
 */
export function parseDate(value: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = '', zone] =
    match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hours);
  const mi = Number(minutes);
  const s = Number(seconds);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const offsetMinutes = zoneOffsetMinutes(zone);
  if (offsetMinutes === undefined) return undefined;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi - offsetMinutes, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const time = date.getTime();
  return time >= EARLIEST && time <= LATEST ? date : undefined;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Minutes east of UTC of `Z`, `+01:00`, `-0530` (0 without a zone); undefined past ±18:00. */
function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 18 || minutes > 59 || (hours === 18 && minutes > 0)) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function single(value: RawQuery[string]): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === undefined ? undefined : String(last);
}

function list(value: RawQuery[string]): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

function invalid(propertyPath: string, message: string): Violation {
  return { propertyPath, message, code: violationCodes.invalid };
}

/** One page of a collection, as a repository returns it and `sendCollection` sends it. */
export type CollectionPage<T> = { items: T[]; total: number; page: number; itemsPerPage: number };

/** One page of a collection computed in memory (not a table), by the query's page and size. */
export function pageOfComputed<T>(all: T[], query: unknown): CollectionPage<T> {
  const { page, itemsPerPage, offset } = parseCollectionQuery(query, { defaultOrder: [] });
  return { items: all.slice(offset, offset + itemsPerPage), total: all.length, page, itemsPerPage };
}
