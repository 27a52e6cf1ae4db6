import type { ScreenSpec } from './screen-render';
import type { InputPattern, Random, Segment } from './timeline';

/**
 * A workday of some job, as a script: the screens it shows, the windows they belong to, the order and
 * length of every stretch, the onboarding answers, and the truth of the day (the work items and what
 * is known about them). The day builder (timeline.ts) turns the schedule into a recorded day; the
 * oracle (tests/fixtures/day-oracle.ts) turns the same script into the answers a question set expects.
 */
export interface JobWindow {
  readonly app: string;
  readonly title: string;
  /** Keys of the day's screens shown in this window (cycled every `screenEverySec` when several). */
  readonly screens: readonly string[];
  /** What the observer must keep out (a password manager, a private browser window). */
  readonly private?: boolean;
}

/** What a stretch of the day was, where the script knows it. */
export type StretchMark =
  | { readonly kind: 'lunch' }
  /** A meeting or call: its name as people say it, and who attended (as the screen lists them). */
  | { readonly kind: 'meeting'; readonly name: string; readonly attendees: readonly string[] }
  /** A short interruption (a coffee, a colleague at the desk, a phone call). */
  | { readonly kind: 'break'; readonly name: string };

export interface JobSegment extends Segment {
  /** Key of the window in front (in the day's `windows`). */
  readonly window: string;
  readonly mark?: StretchMark;
}

/** How far a state word of the screen goes: the families the engine must tell apart. */
export type StateFamily = 'open' | 'in progress' | 'waiting' | 'scheduled' | 'resolved' | 'approved' | 'declined' | 'done';

/** One thing the person worked on, as the screens show it. */
export interface WorkItemTruth {
  /** The identifier as shown on screen (PLAT-2147, Q-20418, #884, L-40718). */
  readonly id: string;
  /** The kind of thing in everyday words (ticket, pull request, deal, quote, appointment, matter, load…). */
  readonly kind: string;
  readonly title: string;
  /** Other strings that name the item on screen (a PR's branch, a deal's company). */
  readonly aliases?: readonly string[];
  /** People by the role a label gives them ("Reported by" → "Aisha Khan"). */
  readonly people?: Readonly<Record<string, string | readonly string[]>>;
  /** Figures by their label, as shown ("Amount" → "$148,500.00"). */
  readonly amounts?: Readonly<Record<string, string>>;
  /** Dates, times and deadlines by their label, as shown. */
  readonly dates?: Readonly<Record<string, string>>;
  /** The state each screen shows it in: screen key → [the word as shown, its family]. */
  readonly states?: Readonly<Record<string, readonly [string, StateFamily]>>;
}

/** Something the screen gives as the reason for an action ("… because …"). */
export interface ReasonTruth {
  readonly about: string;
  /** The reason as written on screen (a part of one line). */
  readonly text: string;
  readonly screen: string;
}

export interface DayTruth {
  readonly items: readonly WorkItemTruth[];
  /** Everyone else named on screen, with their role or organisation. */
  readonly people: readonly { readonly name: string; readonly role: string }[];
  readonly organisations: readonly string[];
  readonly hosts: readonly string[];
  readonly documents: readonly string[];
  readonly links: readonly string[];
  readonly reasons: readonly ReasonTruth[];
  /** People the screen says the user still owes a reply (a reminder, a flag, a callback list). */
  readonly owedReplies: readonly string[];
}

export interface JobDay {
  /** Short name: the folder and the `--job` of make-day. */
  readonly id: string;
  readonly job: string;
  readonly user: { readonly name: string; readonly email: string };
  /** When the day starts (UTC, on a whole second). */
  readonly startIso: string;
  readonly seed: number;
  readonly screens: Readonly<Record<string, ScreenSpec>>;
  readonly windows: Readonly<Record<string, JobWindow>>;
  /** The day in order; its segments' seconds add up to the day's length. */
  schedule(random: Random): JobSegment[];
  /** Onboarding answers (question → answer), written next to the day as interview.json. */
  readonly interview: Readonly<Record<string, string>>;
  readonly truth: DayTruth;
}

/** A helper for schedules: one stretch in a window of the day. */
export function stretch(
  day: Pick<JobDay, 'screens' | 'windows'>,
  window: string,
  seconds: number,
  input: InputPattern = 'active',
  mark?: StretchMark,
): JobSegment {
  const w = day.windows[window];
  if (!w) throw new Error(`the schedule names a window “${window}” the day does not have`);
  const screens = w.screens.map((key) => {
    const screen = day.screens[key];
    if (!screen) throw new Error(`window “${window}” shows a screen “${key}” the day does not have`);
    return screen.file;
  });
  return {
    window,
    app: w.app,
    title: w.title,
    seconds: Math.round(seconds),
    input,
    screens,
    ...(w.screens.length > 1 && { screenEverySec: 60 }),
    ...(w.private && { private: true }),
    ...(mark && { mark }),
  };
}

export const minutes = (n: number): number => n * 60;

/** A job day's window maker: `w(app, screen)` is a window of `app` titled and showing `screen`. */
export const windowOf =
  <S extends Readonly<Record<string, { readonly windowTitle: string }>>>(screens: S) =>
  (app: string, screen: keyof S & string, extra: { private?: boolean } = {}) => ({
    app,
    title: screens[screen]!.windowTitle,
    screens: [screen],
    ...extra,
  });

/**
 * A schedule's shorthand for one day: `s('inbox', 6)` is six minutes in the day's window `inbox`. `W`, the
 * day's window keys, lets the type checker catch a misspelt window.
 */
export const stretchesOf =
  <W extends string>(day: Pick<JobDay, 'screens' | 'windows'>) =>
  (window: W, mins: number, input: InputPattern = 'active', mark?: StretchMark): JobSegment =>
    stretch(day, window, minutes(mins), input, mark);

/** Fills the day up to `totalSeconds` with a last stretch, or says how much the schedule is too long. */
export function fillTo(totalSeconds: number, day: JobSegment[], last: (seconds: number) => JobSegment): JobSegment[] {
  const used = day.reduce((sum, s) => sum + s.seconds, 0);
  const rest = totalSeconds - used;
  if (rest < 60) throw new Error(`the schedule is ${used - totalSeconds + 60}s too long for ${totalSeconds}s`);
  return [...day, last(rest)];
}
