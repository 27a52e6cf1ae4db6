import { formatClockTime } from './format-clock-time';

export interface DateFormatOptions {
  /** A BCP 47 tag; by default the runtime's (the process's locale in Node, the browser's in the window). */
  readonly locale?: string;
  /** Names the time zone (`CET`, `GMT+1`), for text read away from the machine (transcripts, the model). */
  readonly timeZoneName?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'day' | 'short-day' | 'day-time' | 'month-day-time', options: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${options.locale ?? ''}|${options.timeZoneName ? 'z' : ''}`;
  let format = formatters.get(key);
  if (!format) {
    const zone = options.timeZoneName ? { timeZoneName: 'short' as const } : {};
    const time = { hour: '2-digit', minute: '2-digit' } as const;
    format = new Intl.DateTimeFormat(
      options.locale,
      kind === 'day'
        ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
        : kind === 'short-day'
          ? { weekday: 'short', day: 'numeric', month: 'short' }
          : kind === 'day-time'
            ? { day: 'numeric', month: 'short', year: 'numeric', ...time, ...zone }
            : { day: 'numeric', month: 'short', ...time, ...zone },
    );
    formatters.set(key, format);
  }
  return format;
}

const toMs = (at: number | string | Date): number => (typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime());

/** A calendar day in the local time zone, as the locale writes it: `Tue, Mar 10, 2026`. */
export function formatDate(at: number | string | Date, options: DateFormatOptions = {}): string {
  return formatter('day', options).format(toMs(at));
}

/** A day of a week shown beside the others, without its year: `Tue, Mar 10`. */
export function formatShortDay(at: number | string | Date, options: DateFormatOptions = {}): string {
  return formatter('short-day', options).format(toMs(at));
}

/** A date with its time of day in the local time zone: `Mar 10, 2026, 09:12 AM`. */
export function formatDateTime(at: number | string | Date, options: DateFormatOptions = {}): string {
  return formatter('day-time', options).format(toMs(at));
}

function sameLocalDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/**
 * When something happened, as briefly as reads unambiguously next to `nowMs`: the time of day when it
 * was today (`09:12`), `yesterday 09:12`, the day and time within the year (`Mar 10, 09:12`), else
 * the full date and time. Stamps of turns, title changes and summaries read this way in the window.
 */
export function formatMoment(at: number | string | Date, nowMs: number, options: DateFormatOptions = {}): string {
  const ms = toMs(at);
  if (sameLocalDay(ms, nowMs)) return formatClockTime(ms, { locale: options.locale });
  const yesterday = new Date(nowMs);
  yesterday.setDate(yesterday.getDate() - 1);
  if (sameLocalDay(ms, yesterday.getTime())) return `yesterday ${formatClockTime(ms, { locale: options.locale })}`;
  if (new Date(ms).getFullYear() === new Date(nowMs).getFullYear()) return formatter('month-day-time', options).format(ms);
  return formatDateTime(ms, options);
}

/**
 * A stretch of time with its date, in the local time zone, for text read without a calendar beside it
 * (MCP lines, the CLI): `Tue, 10 Mar 2026 16:05–16:30`; one moment when both ends are the same minute,
 * both dates when it crosses midnight.
 */
export function formatTimeRange(fromAt: number | string | Date, toAt: number | string | Date, options: DateFormatOptions = {}): string {
  const [from, to] = [toMs(fromAt), toMs(toAt)];
  const clock = (ms: number): string => formatClockTime(ms, { locale: options.locale });
  const start = `${formatDate(from, options)} ${clock(from)}`;
  if (clock(from) === clock(to) && sameLocalDay(from, to)) return start;
  return sameLocalDay(from, to) ? `${start}–${clock(to)}` : `${start} – ${formatDate(to, options)} ${clock(to)}`;
}
