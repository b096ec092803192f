import { SdiMessageError } from './sdi-message-error.ts';

// SDI writes its timestamps in Italian civil time with the offset spelled out and milliseconds,
// e.g. 2018-11-13T16:47:26.000+01:00 (real receipts); summer time gives +02:00.
const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The wall-clock date and time in Europe/Rome of an instant, plus its UTC offset in minutes. */
function romeWallClock(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
} {
  const parts: Record<string, number> = {};
  for (const part of romeParts.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  );
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return { ...wall, offsetMinutes: Math.round((wallAsUtc - wholeSeconds) / 60_000) };
}

/** Formats an instant as SDI does: `2026-11-22T10:15:00.000+01:00` (Europe/Rome offset). */
export function formatSdiDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) {
    throw new SdiMessageError('invalid-input', 'Invalid date for an SDI timestamp');
  }
  const wall = romeWallClock(instant);
  const sign = wall.offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(wall.offsetMinutes);
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}` +
    `T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `.${pad(instant.getUTCMilliseconds(), 3)}` +
    `${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The calendar date in Europe/Rome (YYYY-MM-DD), as SDI writes xsd:date fields. */
export function formatSdiDate(instant: Date): string {
  return formatSdiDateTime(instant).slice(0, 10);
}
