/*
 * Polish civil time, explicit: KSeF derives dates in Europe/Warsaw (the day in a KSeF number is
 * the day of acquisition in Poland; a date-time without an offset in a query is Warsaw time).
 */

const WARSAW = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

function partsOf(instant: Date): WallClock {
  const parts = Object.fromEntries(
    WARSAW.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The Warsaw calendar day of an instant, YYYYMMDD (as in KSeF and reference numbers). */
export function warsawDay(instant: Date): string {
  const parts = partsOf(instant);
  return `${parts.year}${String(parts.month).padStart(2, '0')}${String(parts.day).padStart(2, '0')}`;
}

/** The same day as YYYY-MM-DD. */
export function warsawIsoDay(instant: Date): string {
  const day = warsawDay(instant);
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
}

/** Warsaw's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function warsawOffsetMs(instant: Date): number {
  const parts = partsOf(instant);
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const LOCAL_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?$/;

/**
 * An ISO 8601 date-time of a query: with `Z` or an offset it is that instant; without one it is
 * Warsaw local time (as KSeF reads `dateRange`). Undefined when it is no date-time.
 */
export function parseQueryDateTime(text: string): Date | undefined {
  const local = LOCAL_DATE_TIME.exec(text);
  if (!local) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = local;
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  if (Number.isNaN(wall)) return undefined;
  // The offset at the wall time read as UTC is right except within an hour of a change; the
  // second reading settles it.
  const first = wall - warsawOffsetMs(new Date(wall));
  return new Date(wall - warsawOffsetMs(new Date(first)));
}
