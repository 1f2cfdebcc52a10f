/**
 * Plain calendar dates (`YYYY-MM-DD`) for the booking widget's month view: no time zone
 * is involved, so UTC date arithmetic is exact and the browser needs no Temporal.
 */

export type IsoDate = string;

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(year: number, month: number, day: number): IsoDate {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function parts(date: IsoDate): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parts(date);
  return isoDate(year, month, day + days);
}

/** The same day `months` later, clamped to the month's last day. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parts(date);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return isoDate(year, month + months, Math.min(day, last));
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: IsoDate): number {
  const { year, month, day } = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export const monthOf = (date: IsoDate): string => date.slice(0, 7);
export const firstOfMonth = (date: IsoDate): IsoDate => `${monthOf(date)}-01`;

/** The weeks shown for a month: whole weeks starting on `startDay`, days of other months included. */
export function monthWeeks(month: IsoDate, startDay: number): IsoDate[][] {
  const first = firstOfMonth(month);
  let cursor = addDays(first, -((weekday(first) - startDay + 7) % 7));
  const weeks: IsoDate[][] = [];
  while (weeks.length === 0 || monthOf(cursor) === monthOf(first)) {
    const week: IsoDate[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The free-slots query of a month: epoch ms around the month's first and last day, wide
 * enough for any zone's offset; the answer is keyed by date in the zone, so the days of
 * other months are simply not shown.
 */
export function monthRange(month: IsoDate): { startDate: number; endDate: number } {
  const { year, month: m } = parts(month);
  const pad14 = 14 * 3_600_000;
  return { startDate: Date.UTC(year, m - 1, 1) - pad14, endDate: Date.UTC(year, m, 1) + pad14 };
}

/** The keys that move the focused day of a date grid (WAI-ARIA date picker dialog). */
export type DayMoveKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

const DAY_MOVES: Record<DayMoveKey, (date: IsoDate, startDay: number, shift: boolean) => IsoDate> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d, start) => addDays(d, -((weekday(d) - start + 7) % 7)),
  End: (d, start) => addDays(d, 6 - ((weekday(d) - start + 7) % 7)),
  PageUp: (d, _s, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, _s, shift) => addMonths(d, shift ? 12 : 1),
};

/**
 * Where a key moves the focused day: arrows by day and week, Home and End to the week's
 * ends, Page Up/Down by month (with Shift by year); undefined for any other key.
 */
export function moveDay(date: IsoDate, key: string, startDay: number, shift: boolean): IsoDate | undefined {
  return Object.hasOwn(DAY_MOVES, key) ? DAY_MOVES[key as DayMoveKey](date, startDay, shift) : undefined;
}
