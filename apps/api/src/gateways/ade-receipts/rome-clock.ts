/** Europe/Rome wall-clock readings of an instant: the receipts' day and the closing window. */

const ROME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface RomeClock {
  /** YYYY-MM-DD */
  day: string;
  year: number;
  /** 1 for 1 January. */
  dayOfYear: number;
  hour: number;
  minute: number;
  second: number;
}

export function romeClock(instant: Date): RomeClock {
  const parts = Object.fromEntries(ROME.formatToParts(instant).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const dayOfYear =
    Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
  return {
    day,
    year,
    dayOfYear,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** 23:55 to midnight in Rome: the Agenzia's service takes no documents (provider section 4). */
export function inClosingWindow(instant: Date): boolean {
  const { hour, minute } = romeClock(instant);
  return hour === 23 && minute >= 55;
}

const ROME_TEXT = {
  minutes: new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }),
  seconds: new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }),
};

/** An instant as Italian documents print it, in Rome: `07/12/2026 10:00` (or with seconds). */
export function romeDateTimeText(instant: Date, withSeconds = false): string {
  return ROME_TEXT[withSeconds ? 'seconds' : 'minutes'].format(instant).replace(',', '');
}
