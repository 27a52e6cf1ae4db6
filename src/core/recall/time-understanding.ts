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

/** What the time words need to know of the day: where its midday break lies, when it began and ended, its events. */
export interface DayShape {
  /** The longest stretch without app time in a window (idle, private or not observed), if any. */
  longestBreak(window: TimeWindow): TimeWindow | null;
  /** The first and last moment of app time in a window ("first thing", "end of day"), if any. */
  activeBounds?(window: TimeWindow): TimeWindow | null;
  /** The stretch of a window that words name ("the stand-up", "my call with Omar"): the first visit of the window they match best. */
  stretchNamed?(words: readonly string[], window: TimeWindow): TimeWindow | null;
}

const HOUR = 3_600_000;
/** Lunch is a time of the workday, not of the calendar: chrono does not know it. */
const LUNCH =
  /\b(?:(before|after|since|until|till|during|at|over|for|post|following|pre)[-\s]+(?:(?:my|the|our)\s+)?)?lunch(?:time|\s*break)?\b(?:\s+(?:was|had|got)\s+(?:over|done|finished|ended))?/i;
/** "once lunch was over", "back from lunch", "when I got back from lunch": after it. */
const AFTER_LUNCH =
  /\b(?:once|when|after)\s+(?:my\s+|the\s+)?lunch(?:\s*break)?\s+(?:was|had|got)\s+(?:over|done|finished|ended)|\b(?:back|returned|came back|got back)\s+from\s+(?:my\s+|the\s+)?lunch(?:\s*break)?|\bpost[-\s]?lunch\b/i;
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
 * break around midday, "first thing" and "end of day" the first and last hour of the day's work, "after
 * the stand-up" the time after the window those words name. Spoken times ("twenty past ten", "half past
 * two", "quarter to four") are read as clock times. Null when the question names no time.
 */
export function understandTime(question: string, nowMs: number, day: DayShape): AskedTime | null {
  return readTime(question, nowMs, day).time;
}

/** The question with the words that name a time blanked out, so they are not taken for its subject. */
export function withoutTimeWords(question: string, nowMs: number, day: DayShape = NO_SHAPE): string {
  return readTime(question, nowMs, day).rest;
}

const NO_SHAPE: DayShape = { longestBreak: () => null };
/** "right after", "just before", "the hour before", "the last 30 minutes before": a stretch next to an event, not the rest of the day. */
const NEAR =
  /\b(?:(right|just|immediately|straight|shortly)|(?:in\s+)?(?:the\s+)?(?:(?:last|first|final)\s+)?(hour|half[- ]?(?:an[- ])?hour|(\d{1,3})\s*min(?:ute)?s?))\s*$/i;
const NEAR_WORDS =
  /\b(?:right|just|immediately|straight|shortly)\s+(?=before|after)|\b(?:in\s+)?(?:the\s+)?(?:(?:last|first|final)\s+)?(?:hour|half[- ]?(?:an[- ])?hour|\d{1,3}\s*min(?:ute)?s?)\s+(?=before|after)/gi;

/** How long a stretch next to an event the words before "before"/"after" ask for (ms), or null for all of it. */
function nearSpan(before: string): number | null {
  const m = NEAR.exec(before.trimEnd());
  if (!m) return null;
  if (m[3]) return Number(m[3]) * 60_000;
  if (m[2] && /half/i.test(m[2])) return 30 * 60_000;
  return HOUR;
}
const BARE_MONTH =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)$/i;

/** The time a question names and the question without the words that named it. */
export function readTime(question: string, nowMs: number, day: DayShape): { time: AskedTime | null; rest: string } {
  // "around 10.15": a clock time written with a dot.
  const text = spokenTimes(
    question.replace(/\b(at|around|about|by|before|after|since|until|till|from|to)\s+(\d{1,2})\.([0-5]\d)\b(?!\.\d)/gi, '$1 $2:$3'),
  );
  // A month's name alone names a thing ("the April invoice"); "in April", "last April" name a time.
  const results = parser()
    .parse(text, new Date(nowMs), { forwardDate: false })
    // "3:26-cv-01482" is a case number, not a time.
    .filter((r) => !/^-[a-z]/i.test(text.slice(r.index + r.text.length)))
    .filter(
      (r) =>
        !(
          BARE_MONTH.test(r.text) &&
          !/\b(in|during|for|since|through|throughout|of|last|this|next|until|by|from)\s*$/i.test(text.slice(0, r.index))
        ),
    );
  const dated = results.find((r) => !r.start.isCertain('hour') && !isRelativeStretch(r.text) && !PART_WORDS.test(r.text));
  const dayMs = dated ? dated.start.date().getTime() : nowMs;
  const blank = (from: string, pattern: RegExp | null, found: readonly chrono.ParsedResult[]): string => {
    let rest = pattern ? from.replace(pattern, ' ') : from;
    for (const r of [...found].sort((x, y) => y.index - x.index)) {
      const at = rest.indexOf(r.text);
      if (at !== -1) rest = `${rest.slice(0, at)} ${rest.slice(at + r.text.length)}`;
    }
    return rest;
  };
  const afterLunch = AFTER_LUNCH.exec(text);
  const lunch = afterLunch ?? LUNCH.exec(text);
  if (lunch) {
    const relation = afterLunch ? 'after' : lunch[1]?.toLowerCase();
    const near = nearSpan(text.slice(0, afterLunch ? afterLunch.index : lunch.index + lunch[0].search(/\b(before|after)\b/i)));
    return {
      time: lunchTime(relation, dayMs, nowMs, day, near),
      rest: blank(text.replace(NEAR_WORDS, ' '), afterLunch ? AFTER_LUNCH : LUNCH, dated ? [dated] : []),
    };
  }
  const edge = EDGE_OF_DAY.exec(text);
  if (edge && day.activeBounds) {
    const time = edgeOfDay(edge, dayMs, nowMs, day);
    if (time) return { time, rest: blank(text, EDGE_OF_DAY, dated ? [dated] : []) };
  }
  const anchored = ANCHOR.exec(text);
  // A part of the day inside the phrase ("the morning stand-up") names the anchor, not the time.
  const inside = (r: chrono.ParsedResult): boolean =>
    !!anchored && r.index >= anchored.index && r.index < anchored.index + anchored[0].length;
  if (anchored && day.stretchNamed && results.filter(inside).every((r) => PART_WORDS.test(r.text) && !r.start.isCertain('hour'))) {
    const time = anchoredTime(anchored, dayMs, nowMs, day, nearSpan(text.slice(0, anchored.index)));
    if (time) return { time, rest: blank(text.replace(NEAR_WORDS, ' '), ANCHOR, dated && !inside(dated) ? [dated] : []) };
  }
  const part = PART_OF_DAY_PHRASE.exec(text);
  if (part) return { time: partOfDay(part, dayMs, nowMs), rest: blank(text, PART_OF_DAY_PHRASE, dated ? [dated] : []) };
  const first = results[0];
  if (!first) return { time: null, rest: text };
  const asked = morningIfObserved(first, text, nowMs, day) ?? fromResult(first, text, nowMs, day);
  return {
    time: { ...asked, endMs: asked.startMs < nowMs ? Math.min(asked.endMs, nowMs) : asked.endMs },
    rest: blank(text, null, results),
  };
}

/**
 * A bare hour from 1 to 6 is read as the afternoon; on a day observed only in the morning hours ("at 6:45"
 * to a dispatcher who starts at six) it is the morning when that was observed and the afternoon was not.
 */
function morningIfObserved(result: chrono.ParsedResult, text: string, nowMs: number, day: DayShape): AskedTime | null {
  const hour = result.start.get('hour');
  if (hour === null || hour < 13 || hour > 18 || result.start.isCertain('meridiem') || !day.activeBounds || result.end) return null;
  const pointMs = result.start.date().getTime();
  const active = day.activeBounds(localDayBounds(localDateOf(pointMs)));
  const inside = (ms: number): boolean => active !== null && ms >= active.startMs && ms <= active.endMs;
  if (inside(pointMs) || !inside(pointMs - 12 * HOUR)) return null;
  const afternoon = fromResult(result, text, nowMs, day);
  const back = (ms: number): number => ms - 12 * HOUR;
  return {
    startMs: back(afternoon.startMs),
    endMs: back(afternoon.endMs),
    pointMs: afternoon.pointMs === null ? null : back(afternoon.pointMs),
    label: afternoon.label.replace(formatClockTime(pointMs), formatClockTime(back(pointMs))),
  };
}

const HOUR_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const MINUTE_WORDS: Readonly<Record<string, number>> = {
  five: 5,
  ten: 10,
  quarter: 15,
  'a quarter': 15,
  twenty: 20,
  'twenty five': 25,
  'twenty-five': 25,
  half: 30,
};
const TENS: Readonly<Record<string, number>> = { ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50 };
const hourOf = (word: string): number | null => {
  const n = /^\d{1,2}$/.test(word) ? Number(word) : HOUR_WORDS.indexOf(word.toLowerCase());
  return n >= 1 && n <= 12 ? n : null;
};
const HOUR_WORD = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const MINUTE_WORD = '(five|ten|(?:a\\s+)?quarter|twenty[\\s-]five|twenty|half|\\d{1,2})';
const PAST_TO = new RegExp(
  `\\b${MINUTE_WORD}\\s+(?:minutes\\s+)?(past|after|to|before|til|till)\\s+${HOUR_WORD}\\b(?!\\s*(?:am|pm|:|\\.\\d))`,
  'gi',
);
const HALF_HOUR = new RegExp(`\\bhalf\\s+${HOUR_WORD}\\b`, 'gi');
const OCLOCK = new RegExp(`\\b${HOUR_WORD}\\s*o['’]?\\s?clock\\b`, 'gi');
const HOUR_MINUTES = new RegExp(
  `\\b(?:at|around|about|by|from|until|till|before|after|since)\\s+${HOUR_WORD}\\s+(o['’]?\\s?(?:one|two|three|four|five|six|seven|eight|nine)|ten|fifteen|twenty|thirty|forty|fifty)(?:[\\s-](one|two|three|four|five|six|seven|eight|nine))?\\b`,
  'gi',
);
const AROUND_HOUR = new RegExp(
  `\\b(?:around|about|approximately|roughly|circa|near|ish at|~)\\s*${HOUR_WORD}(?::(\\d{2}))?\\s*(am|pm)?(?![\\d:])`,
  'gi',
);
const AT_HOUR_WORD = new RegExp(
  `\\b(at|by|before|after|since|until|till|from|to|and)\\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\b(?!\\s+(?:minutes?|hours?|times?|tasks?|people|of))`,
  'gi',
);
const pad = (n: number): string => String(n).padStart(2, '0');

/** "twenty past ten" → "10:20", "quarter to four" → "3:45", "half past two" → "2:30", "noon" → "12:00". */
export function spokenTimes(text: string): string {
  return text
    .replace(/\b(\d{1,2})\.(\d{2})\s?([ap]\.?m\.?)(?![\p{L}])/giu, '$1:$2 $3')
    .replace(/\bnoon\b|\bmidday\b|\bmid-day\b/gi, '12:00')
    .replace(PAST_TO, (whole, minutes: string, relation: string, hour: string) => {
      const h = hourOf(hour);
      const m = MINUTE_WORDS[minutes.toLowerCase().replace(/\s+/g, ' ')] ?? (/^\d+$/.test(minutes) ? Number(minutes) : NaN);
      if (h === null || !(m > 0 && m < 60)) return whole;
      const to = /^(to|before|til|till)$/i.test(relation);
      // "from 2 to 3" is a range: "to" needs a word for the minutes ("ten to five") or a quarter.
      if (to && /^\d+$/.test(minutes)) return whole;
      return to ? `${h === 1 ? 12 : h - 1}:${pad(60 - m)}` : `${h}:${pad(m)}`;
    })
    .replace(HALF_HOUR, (whole, hour: string) => {
      const h = hourOf(hour);
      return h === null ? whole : `${h}:30`;
    })
    .replace(OCLOCK, (whole, hour: string) => {
      const h = hourOf(hour);
      return h === null ? whole : `${h}:00`;
    })
    .replace(HOUR_MINUTES, (whole, hour: string, tens: string, ones: string | undefined) => {
      const h = hourOf(hour);
      const lead = whole.slice(0, whole.toLowerCase().indexOf(hour.toLowerCase()));
      const oh = /^o['’]?\s?(\w+)$/i.exec(tens);
      const m = oh
        ? HOUR_WORDS.indexOf(oh[1]!.toLowerCase())
        : (TENS[tens.toLowerCase()] ?? 0) + (ones ? HOUR_WORDS.indexOf(ones.toLowerCase()) : 0);
      return h === null || !(m > 0 && m < 60) ? whole : `${lead}${h}:${pad(m)}`;
    })
    .replace(AROUND_HOUR, (whole, hour: string, minutes: string | undefined, meridiem: string | undefined) => {
      const h = hourOf(hour);
      return h === null ? whole : `at ${h}:${minutes ?? '00'}${meridiem ? ` ${meridiem}` : ''}`;
    })
    .replace(AT_HOUR_WORD, (whole, lead: string, hour: string) => `${lead} ${hourOf(hour) ?? hour}`);
}

/** "first thing", "end of the day", "at close of business", "last thing": the first or last hour of the day's work. */
const EDGE_OF_DAY =
  /\b(?:(first thing|(?:my\s+|the\s+)?first hour(?:\s+of\s+(?:the\s+|my\s+)?(?:work ?day|day|shift))?|(?:at\s+)?(?:the\s+)?(?:start|beginning) of (?:the |my )?(?:work ?day|day|shift))(?:\s+(?:in the morning|today|this morning))?|(?:at\s+|by\s+|towards\s+|toward\s+|near\s+)?(?:the\s+)?(end of (?:the |my )?(?:work ?day|day|shift)|(?:my\s+|the\s+)?last hour(?:\s+of\s+(?:the\s+|my\s+)?(?:work ?day|day|shift))?|close of business|eod|cob|last thing(?:\s+(?:today|in the day))?|(?:when|before) i (?:left|logged off|wrapped up|finished)))\b/i;
const EDGE_MS = 60 * 60_000;

function edgeOfDay(match: RegExpExecArray, dayMs: number, nowMs: number, day: DayShape): AskedTime | null {
  const bounds = localDayBounds(localDateOf(dayMs));
  const active = day.activeBounds?.({ startMs: bounds.startMs, endMs: Math.min(bounds.endMs, Math.max(nowMs, bounds.startMs)) });
  if (!active) return null;
  const named = suffix(dayLabel(dayMs, nowMs));
  if (match[1]) {
    const end = Math.min(active.endMs, active.startMs + EDGE_MS);
    return {
      startMs: active.startMs,
      endMs: end,
      label: `first thing${named} (${formatClockTime(active.startMs)}–${formatClockTime(end)})`,
      pointMs: null,
    };
  }
  const start = Math.max(active.startMs, active.endMs - EDGE_MS);
  return {
    startMs: start,
    endMs: active.endMs,
    label: `at the end of the day${named} (${formatClockTime(start)}–${formatClockTime(active.endMs)})`,
    pointMs: null,
  };
}

/** "after the stand-up", "before my call with Omar", "during the interview": anchored on the window those words name. */
const ANCHOR =
  /\b(after|before|during|since|until|till|following|once)\s+(?:(?:the|my|our|that|this)\s+)?(?!(?:i|we|you|he|she|they|it|me|\d|lunch|noon|midday|today|yesterday|tomorrow|work|breakfast|dinner|yesterday)\b)([\p{L}\p{N}#:'’/-]+(?:\s+[\p{L}\p{N}#:'’/-]+){0,3}?)(?:\s+(?:(?:was|were|had|got)\s+)?(?:over|done|finished|ended|through|wrapped up))?(?=$|[?.!,;]|\s+(?:today|yesterday|this|on|and|did|was|were|i|we|what|how|who|where)\b)/iu;
const ANCHOR_FILLER = new Set(['with', 'about', 'for', 'on', 'the', 'a', 'an', 'of', 'to', 'call', 'meeting']);

function anchoredTime(match: RegExpExecArray, dayMs: number, nowMs: number, day: DayShape, near: number | null = null): AskedTime | null {
  // "once the stand-up was over" is after it.
  const relation = match[1]!.toLowerCase() === 'once' ? 'after' : match[1]!.toLowerCase();
  const phrase = match[2]!.trim();
  const words = phrase
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1 && !PART_WORDS.test(w));
  // "the meeting", "the call": the words themselves are the anchor; otherwise what they add names it.
  const own = words.filter((w) => !ANCHOR_FILLER.has(w));
  const bounds = localDayBounds(localDateOf(dayMs));
  const window = { startMs: bounds.startMs, endMs: Math.min(bounds.endMs, Math.max(nowMs, bounds.startMs + 1)) };
  const stretch = day.stretchNamed?.(own.length > 0 ? own : words, window);
  if (!stretch) return null;
  const named = suffix(dayLabel(dayMs, nowMs));
  const what = `the ${phrase}`;
  if (relation === 'before' || relation === 'until' || relation === 'till') {
    const start = near === null ? window.startMs : Math.max(window.startMs, stretch.startMs - near);
    return {
      startMs: start,
      endMs: stretch.startMs,
      label: `before ${what}${named} (until ${formatClockTime(stretch.startMs)})`,
      pointMs: null,
    };
  }
  if (relation === 'during')
    return {
      ...stretch,
      label: `during ${what}${named} (${formatClockTime(stretch.startMs)}–${formatClockTime(stretch.endMs)})`,
      pointMs: null,
    };
  // "What did I do after the meeting?" asks about the stretch it began, until the next break (lunch) or the day's end.
  const pause = near === null ? nextBreak(day, { startMs: stretch.endMs, endMs: window.endMs }) : null;
  const end = near !== null ? Math.min(window.endMs, stretch.endMs + near) : (pause?.startMs ?? window.endMs);
  return {
    startMs: stretch.endMs,
    endMs: end,
    label: `after ${what}${named} (from ${formatClockTime(stretch.endMs)}${end < window.endMs ? ` to ${formatClockTime(end)}` : ''})`,
    pointMs: null,
  };
}

/** A pause long enough to end a stretch of work ("after the meeting" runs until it): a coffee, a call away from the desk. */
const PAUSE_MIN_MS = 4 * 60_000;

/** The first pause in a window: the longest one of the shortest stretch from its start that holds one. */
function nextBreak(day: DayShape, window: TimeWindow): TimeWindow | null {
  for (let endMs = window.startMs + HOUR; ; endMs += HOUR) {
    const upTo = Math.min(endMs, window.endMs);
    const pause = day.longestBreak({ startMs: window.startMs, endMs: upTo });
    if (pause && pause.endMs - pause.startMs >= PAUSE_MIN_MS) return pause;
    if (upTo >= window.endMs) return null;
  }
}

const PART_WORDS = /\b(morning|afternoon|evening|tonight|night)\b/i;
/** "early afternoon", "late morning", "mid-morning", "mid afternoon". */
const PART_OF_DAY_PHRASE = /\b(early|late|mid)[-\s]?(morning|afternoon|evening)\b/i;
const PART_HOURS: Readonly<Record<string, readonly [number, number]>> = {
  'early morning': [6, 9],
  'mid morning': [9.5, 11],
  'late morning': [10, 12],
  'early afternoon': [12, 15],
  'mid afternoon': [14, 16],
  'late afternoon': [15, 18],
  'early evening': [17, 20],
  'mid evening': [19, 21],
  'late evening': [20, 24],
};

function partOfDay(match: RegExpExecArray, dayMs: number, nowMs: number): AskedTime {
  const name = `${match[1]!.toLowerCase()} ${match[2]!.toLowerCase()}`;
  const [from, to] = PART_HOURS[name]!;
  const bounds = localDayBounds(localDateOf(dayMs));
  const named = dayLabel(dayMs, nowMs);
  const label = named === 'today' ? `this ${name}` : `${named} ${name}`;
  return {
    startMs: bounds.startMs + from * HOUR,
    endMs: Math.min(bounds.startMs + to * HOUR, Math.max(nowMs, bounds.startMs + from * HOUR)),
    label,
    pointMs: null,
  };
}

function isRelativeStretch(text: string): boolean {
  return /\b(last|past)\b.*\b(hours?|minutes?|mins?)\b/i.test(text);
}

function fromResult(result: chrono.ParsedResult, question: string, nowMs: number, shape: DayShape = NO_SHAPE): AskedTime {
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
    // A workday's afternoon begins when lunch ends, when lunch ends late in the morning or past noon (an early shift lunches early).
    const lunch = name === 'afternoon' ? lunchBreak(start, shape) : null;
    const afterLunch = lunch && lunch.endMs > day.startMs + 11 * HOUR && lunch.startMs < day.startMs + 14 * HOUR ? lunch.endMs : null;
    return { startMs: afterLunch ?? day.startMs + from * HOUR, endMs: day.startMs + to * HOUR, label, pointMs: null };
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

function lunchTime(relation: string | undefined, dayMs: number, nowMs: number, day: DayShape, near: number | null = null): AskedTime {
  const bounds = localDayBounds(localDateOf(dayMs));
  const seen = lunchBreak(dayMs, day);
  // Without a break to go by, lunch is taken to be noon to one.
  const lunch = seen ?? { startMs: bounds.startMs + 12 * HOUR, endMs: bounds.startMs + 13 * HOUR };
  const named = suffix(dayLabel(dayMs, nowMs));
  const assumed = seen ? '' : ', taking lunch as 12:00–13:00';
  if (relation === 'after' || relation === 'since') {
    const end = Math.min(bounds.endMs, Math.max(lunch.endMs, nowMs), near === null ? Infinity : lunch.endMs + near);
    const until = near === null ? '' : ` to ${formatClockTime(end)}`;
    return {
      startMs: lunch.endMs,
      endMs: end,
      label: `after lunch${named} (from ${formatClockTime(lunch.endMs)}${until}${assumed})`,
      pointMs: null,
    };
  }
  if (relation === 'before' || relation === 'until' || relation === 'till') {
    const start = near === null ? bounds.startMs : lunch.startMs - near;
    const from = near === null ? '' : `from ${formatClockTime(start)} `;
    return {
      startMs: start,
      endMs: lunch.startMs,
      label: `before lunch${named} (${from}until ${formatClockTime(lunch.startMs)}${assumed})`,
      pointMs: null,
    };
  }
  return {
    ...lunch,
    label: `at lunch${named} (${formatClockTime(lunch.startMs)}–${formatClockTime(lunch.endMs)}${assumed})`,
    pointMs: null,
  };
}
