import type * as chrono from 'chrono-node';
import { lazyModule } from '../util/lazy-module';
import { formatClockTime } from '../../shared/format-clock-time';
import type { TimeWindow } from '../store/repositories/activity-repository';
import { localDateOf, localDayBounds } from '../time';

const chronoNode = lazyModule<typeof chrono>('chrono-node');

/** The part of the calendar a question is about, as the answer names it. */
export interface AskedTime extends TimeWindow {
  /** How the answer names it: "today", "this morning", "after lunch (from 12:18)", "at 10:00". */
  readonly label: string;
  /** Set when the question names a moment ("at 10am") rather than a stretch of time. */
  readonly pointMs: number | null;
}

/** What the time words need to know of the day: where its midday break lies. */
export interface DayShape {
  /** The longest stretch without app time in a window (idle, private or not observed), if any. */
  longestBreak(window: TimeWindow): TimeWindow | null;
}

const HOUR = 3_600_000;
/** Lunch is a time of the workday, not of the calendar: chrono does not know it. */
const LUNCH = /\b(before|after|since|until|till|during|at|over|for)?\s*lunch(?:time|\s*break)?\b/i;
const LUNCH_SEARCH = { fromHour: 10.5, toHour: 15 };
const LUNCH_MIN_MS = 20 * 60_000;

/**
 * chrono-node's English parser, taught two things people say about a workday: "between 2 and 3"
 * (a range chrono leaves alone), and that a bare hour from 1 to 6 means the afternoon ("at 2:30").
 */
let taught: chrono.Chrono | null = null;
const parser = (): chrono.Chrono => (taught ??= teachParser(chronoNode().casual.clone()));

function teachParser(custom: chrono.Chrono): chrono.Chrono {
  custom.parsers.push({
    pattern: () => /\bbetween\s+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s+and\s+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\b/i,
    extract: (context, match) => {
      const at = (hour: string, minute: string | undefined, meridiem: string | undefined) => {
        const h = Number(hour);
        const pm = meridiem?.toLowerCase() === 'pm';
        const am = meridiem?.toLowerCase() === 'am';
        const parts = context.createParsingComponents({
          hour: pm && h < 12 ? h + 12 : am && h === 12 ? 0 : h,
          minute: Number(minute ?? 0),
        });
        if (meridiem) parts.assign('meridiem', pm ? 1 : 0);
        return parts;
      };
      const start = at(match[1]!, match[2], match[3] ?? match[6]);
      const end = at(match[4]!, match[5], match[6] ?? match[3]);
      return context.createParsingResult(match.index!, match[0], start, end);
    },
  });
  // "before 11", "since 3": chrono reads a bare hour only after "at".
  custom.parsers.push({
    pattern: () =>
      /\b(?:before|after|since|until|till|by)\s+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?(?=\W*$|\s*[?.,!]|\s+(?:today|yesterday|this|on)\b)/i,
    extract: (context, match) => {
      const h = Number(match[1]);
      const meridiem = match[3]?.toLowerCase();
      if (h > 23) return null;
      const hour = meridiem === 'pm' && h < 12 ? h + 12 : meridiem === 'am' && h === 12 ? 0 : h;
      const parts = context.createParsingComponents({ hour, minute: Number(match[2] ?? 0) });
      if (meridiem) parts.assign('meridiem', meridiem === 'pm' ? 1 : 0);
      return context.createParsingResult(match.index!, match[0], parts);
    },
  });
  custom.refiners.push({
    refine: (_context, results) => {
      for (const result of results) {
        for (const parts of [result.start, result.end]) {
          const hour = parts?.get('hour');
          if (
            parts &&
            hour !== null &&
            hour !== undefined &&
            parts.isCertain('hour') &&
            !parts.isCertain('meridiem') &&
            hour >= 1 &&
            hour <= 6
          ) {
            parts.assign('hour', hour + 12);
          }
        }
      }
      return results;
    },
  });
  return custom;
}

const PART_OF_DAY: Record<string, readonly [number, number, string]> = {
  morning: [0, 12, 'morning'],
  afternoon: [12, 18, 'afternoon'],
  evening: [18, 24, 'evening'],
  tonight: [18, 24, 'evening'],
  night: [18, 24, 'evening'],
};

const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

/** "today", "yesterday" or "on Tuesday, 3 March": how an answer names a local day. */
export function dayLabel(ms: number, nowMs: number): string {
  const date = localDateOf(ms);
  if (date === localDateOf(nowMs)) return 'today';
  if (date === localDateOf(localDayBounds(localDateOf(nowMs)).startMs - 1)) return 'yesterday';
  return `on ${dayName.format(ms)}`;
}

/**
 * The time a question names, read with chrono-node relative to `nowMs` (the core's clock, so a replayed
 * day answers as that day), plus the words a workday has that a calendar does not: "lunch" is the longest
 * break around midday. Null when the question names no time; the caller chooses the default.
 */
export function understandTime(question: string, nowMs: number, day: DayShape): AskedTime | null {
  const results = parser().parse(question, new Date(nowMs), { forwardDate: false });
  const lunch = LUNCH.exec(question);
  const dated = results.find((r) => !r.start.isCertain('hour') && !isRelativeStretch(r.text));
  if (lunch) return lunchTime(lunch[1]?.toLowerCase(), dated ? dated.start.date().getTime() : nowMs, nowMs, day);
  const first = results[0];
  if (!first) return null;
  const asked = fromResult(first, question, nowMs);
  return { ...asked, endMs: asked.startMs < nowMs ? Math.min(asked.endMs, nowMs) : asked.endMs };
}

/** The question with the words that name a time blanked out, so they are not taken for its subject. */
export function withoutTimeWords(question: string, nowMs: number): string {
  let text = question.replace(LUNCH, ' ');
  const results = parser().parse(text, new Date(nowMs), { forwardDate: false });
  for (const r of [...results].sort((a, b) => b.index - a.index)) {
    text = `${text.slice(0, r.index)} ${text.slice(r.index + r.text.length)}`;
  }
  return text;
}

function isRelativeStretch(text: string): boolean {
  return /\b(last|past)\b.*\b(hours?|minutes?|mins?)\b/i.test(text);
}

function fromResult(result: chrono.ParsedResult, question: string, nowMs: number): AskedTime {
  const text = result.text.toLowerCase();
  const start = result.start.date().getTime();
  const day = localDayBounds(localDateOf(start));
  const named = dayLabel(start, nowMs);
  if (result.end) {
    const end = result.end.date().getTime();
    return {
      startMs: start,
      endMs: end,
      label: `between ${formatClockTime(start)} and ${formatClockTime(end)}${suffix(named)}`,
      pointMs: null,
    };
  }
  if (isRelativeStretch(text)) return { startMs: start, endMs: nowMs, label: `since ${formatClockTime(start)}`, pointMs: null };
  if (result.start.isCertain('hour')) {
    const before = `${question.slice(0, result.index)} ${/^\w+\s/.exec(text)?.[0] ?? ''}`.toLowerCase();
    if (/\b(since|after|from)\s*$/.test(before))
      return { startMs: start, endMs: day.endMs, label: `after ${formatClockTime(start)}${suffix(named)}`, pointMs: null };
    if (/\b(before|until|till|by)\s*$/.test(before))
      return { startMs: day.startMs, endMs: start, label: `before ${formatClockTime(start)}${suffix(named)}`, pointMs: null };
    return { startMs: start, endMs: start + 1, label: `at ${formatClockTime(start)}${suffix(named)}`, pointMs: start };
  }
  const part = Object.keys(PART_OF_DAY).find((word) => new RegExp(`\\b${word}\\b`).test(text));
  if (part) {
    const [from, to, name] = PART_OF_DAY[part]!;
    const label = named === 'today' ? `this ${name}` : named === 'yesterday' ? `yesterday ${name}` : `${named} ${name}`;
    return { startMs: day.startMs + from * HOUR, endMs: day.startMs + to * HOUR, label, pointMs: null };
  }
  if (/\bweek\b/.test(text)) return /\blast\b/.test(text) ? weekOf(start, 'last week') : weekOf(nowMs, 'this week');
  if (result.start.isCertain('month') && !result.start.isCertain('day')) return monthOf(start, nowMs);
  return { ...day, label: named, pointMs: null };
}

const suffix = (named: string): string => (named === 'today' ? '' : ` ${named}`);

/** Monday to Sunday around `ms`. */
function weekOf(ms: number, label: string): AskedTime {
  const date = new Date(ms);
  const mondayOffset = (date.getDay() + 6) % 7;
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - mondayOffset).getTime();
  const nextMonday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - mondayOffset + 7).getTime();
  return { startMs: monday, endMs: nextMonday, label, pointMs: null };
}

const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** The calendar month around `ms` ("in March"). */
function monthOf(ms: number, nowMs: number): AskedTime {
  const date = new Date(ms);
  const from = new Date(date.getFullYear(), date.getMonth(), 1).getTime();
  const to = new Date(date.getFullYear(), date.getMonth() + 1, 1).getTime();
  const label = from <= nowMs && nowMs < to ? 'this month' : `in ${monthName.format(ms)}`;
  return { startMs: from, endMs: to, label, pointMs: null };
}

/** The midday break of the day of `dayMs`: the longest stretch without app time from 10:30 to 15:00. */
export function lunchBreak(dayMs: number, day: DayShape): TimeWindow | null {
  const { startMs } = localDayBounds(localDateOf(dayMs));
  const found = day.longestBreak({ startMs: startMs + LUNCH_SEARCH.fromHour * HOUR, endMs: startMs + LUNCH_SEARCH.toHour * HOUR });
  return found && found.endMs - found.startMs >= LUNCH_MIN_MS ? found : null;
}

function lunchTime(relation: string | undefined, dayMs: number, nowMs: number, day: DayShape): AskedTime {
  const bounds = localDayBounds(localDateOf(dayMs));
  const seen = lunchBreak(dayMs, day);
  // Without a break to go by, lunch is taken to be noon to one.
  const lunch = seen ?? { startMs: bounds.startMs + 12 * HOUR, endMs: bounds.startMs + 13 * HOUR };
  const named = suffix(dayLabel(dayMs, nowMs));
  const assumed = seen ? '' : ', taking lunch as 12:00–13:00';
  if (relation === 'after' || relation === 'since')
    return {
      startMs: lunch.endMs,
      endMs: Math.min(bounds.endMs, Math.max(lunch.endMs, nowMs)),
      label: `after lunch${named} (from ${formatClockTime(lunch.endMs)}${assumed})`,
      pointMs: null,
    };
  if (relation === 'before' || relation === 'until' || relation === 'till')
    return {
      startMs: bounds.startMs,
      endMs: lunch.startMs,
      label: `before lunch${named} (until ${formatClockTime(lunch.startMs)}${assumed})`,
      pointMs: null,
    };
  return {
    ...lunch,
    label: `at lunch${named} (${formatClockTime(lunch.startMs)}–${formatClockTime(lunch.endMs)}${assumed})`,
    pointMs: null,
  };
}
