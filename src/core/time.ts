/** Local-day helpers: app time "per day" means the user's calendar day in the local time zone. */
export function localDayBounds(date: string): { startMs: number; endMs: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d).getTime();
  const end = new Date(y, m - 1, d + 1).getTime();
  return { startMs: start, endMs: end };
}

export function localDateOf(ms: number): string {
  const t = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/**
 * A search bound given as a local day (`2026-03-02`) or an ISO date-time: as a start a day means its
 * first moment, as an end its last, so `to=2026-03-02` includes that day.
 */
export function timeBoundMs(value: string | undefined, edge: 'start' | 'end'): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = localDayBounds(value);
    return edge === 'start' ? day.startMs : day.endMs;
  }
  return Date.parse(value);
}
