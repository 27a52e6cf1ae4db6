/** Local calendar days as `YYYY-MM-DD`, for moving between days and weeks in the window. */
export function localDateOf(ms: number): string {
  const t = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

function dateAt(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

export function addDays(date: string, days: number): string {
  const at = dateAt(date);
  at.setDate(at.getDate() + days);
  return localDateOf(at.getTime());
}

/** The Monday of the week the day falls in (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  return addDays(date, -((dateAt(date).getDay() + 6) % 7));
}

/** Noon of the day, for formatting it as a date. */
export const noonOf = (date: string): number => dateAt(date).getTime();
