export interface ClockTimeOptions {
  /** A BCP 47 tag; by default the runtime's (the process's locale in Node, the browser's in the window). */
  readonly locale?: string;
  /** Adds seconds, for lists where several entries fall in the same minute (recent frames). */
  readonly seconds?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A time of day in the local time zone, as the locale writes it: `08:30` (24-hour locales) or
 * `08:30 AM` (12-hour ones). Every surface goes through this one, so times read alike everywhere.
 */
export function formatClockTime(at: number | string | Date, options: ClockTimeOptions = {}): string {
  const key = `${options.locale ?? ''}|${options.seconds ? 's' : ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(options.locale, { hour: '2-digit', minute: '2-digit', ...(options.seconds && { second: '2-digit' }) });
    formatters.set(key, format);
  }
  return format.format(typeof at === 'string' ? Date.parse(at) : at);
}
