import Fuse from 'fuse.js';
import { searchScreenTextInWindow } from '../ocr/screen-search';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { localDateOf, localDayBounds } from '../time';
import { keywords } from './extractive';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';

export interface OfflineAssistantDeps {
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  /** Whether screen text is being read at all (to say so when nothing is found). */
  readonly ocrEnabled: boolean;
}

interface Window {
  readonly startMs: number;
  readonly endMs: number;
  readonly label: string;
}

const TIME_SPENT = /\b(how (long|much time)|how many (hours|minutes)|time (did|have) i spen[dt]|time spent)\b/i;
const WHAT_DONE =
  /\b(what (did|have|was) i (do|done|doing|been doing|work(ed|ing)? on|been working on)|what have i been (doing|working on)|summari[sz]e my (day|morning|afternoon))\b/i;
const WHERE_SEEN =
  /\b(when|where) (did|have) i (last )?(see|saw|seen|read|look(ed)? at|come across|came across|notice[d]?)\b|\bhave i (seen|read)\b/i;

const CANNOT = [
  "I can't answer that offline: no language model is configured, so I only answer from what I observed.",
  'Offline I can tell you:',
  '- how long you spent in an app or window ("how long was I in the ledger today?"),',
  '- what you did in a part of the day ("what did I do before lunch?"),',
  '- when something was on your screen ("when did I see invoice 4471?").',
  'Configure an OpenAI-compatible endpoint (OPENAI_API_KEY / OPENAI_BASE_URL) for anything else.',
].join('\n');

const DAY_MS = 86_400_000;

/** The part of a local day a question names ("before lunch", "yesterday afternoon"), ending no later than now. */
export function questionWindow(text: string, nowMs: number): Window {
  const lower = text.toLowerCase();
  const yesterday = /\byesterday\b/.test(lower);
  const date = localDateOf(yesterday ? nowMs - DAY_MS : nowMs);
  const day = localDayBounds(date);
  const at = (hour: number): number => day.startMs + hour * 3_600_000;
  const dayLabel = yesterday ? 'yesterday' : 'today';
  let window: Window = { startMs: day.startMs, endMs: day.endMs, label: dayLabel };
  if (/\bbefore lunch\b|\bmorning\b/.test(lower)) window = { startMs: day.startMs, endMs: at(12), label: `${dayLabel} before noon` };
  else if (/\bafter lunch\b|\bafternoon\b/.test(lower)) window = { startMs: at(12), endMs: at(18), label: `${dayLabel} afternoon` };
  else if (/\bevening\b|\btonight\b/.test(lower)) window = { startMs: at(18), endMs: day.endMs, label: `${dayLabel} evening` };
  return { ...window, endMs: Math.min(window.endMs, Math.max(window.startMs, nowMs)) };
}

const TIME_WORDS = /\b(today|yesterday|this morning|this afternoon|this evening|before lunch|after lunch|so far|in total|altogether)\b/gi;

/** "how long was I in the ledger today?" → "ledger". */
export function timeSpentTarget(question: string): string | null {
  const m = /\b(?:in|on|with|using|at|inside)\s+(.+)$/i.exec(question.replace(/[?!.]+\s*$/, ''));
  if (!m) return null;
  const target = m[1]!
    .replace(TIME_WORDS, ' ')
    .replace(/^(the|my|a|an)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return target || null;
}

/** "when did I see invoice 4471?" → "invoice 4471". */
export function seenTarget(question: string): string | null {
  const m = /\b(?:see|saw|seen|read|look(?:ed)? at|come across|came across|notice[d]?)\s+(.+)$/i.exec(question.replace(/[?!.]+\s*$/, ''));
  if (!m) return null;
  const target = m[1]!
    .replace(TIME_WORDS, ' ')
    .replace(/^(the|my|a|an|that|this)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return target || null;
}

interface TimeRow {
  app: string;
  title: string | null;
  seconds: number;
}

/** Answers from the store by intent matching; says plainly what it cannot answer. */
export class OfflineAssistant {
  constructor(private readonly deps: OfflineAssistantDeps) {}

  answer(question: string, nowMs: number): string {
    if (TIME_SPENT.test(question)) return this.timeSpent(question, nowMs);
    if (WHERE_SEEN.test(question)) return this.whereSeen(question, nowMs);
    if (WHAT_DONE.test(question)) return this.whatDone(question, nowMs);
    return CANNOT;
  }

  private timeSpent(question: string, nowMs: number): string {
    const window = questionWindow(question, nowMs);
    const appTime = this.deps.activity.appTime({ window });
    if (appTime.apps.length === 0) return `I have no app time recorded ${window.label}.`;
    const target = timeSpentTarget(question);
    if (!target) {
      const top = appTime.apps.slice(0, 5).map((a) => `- ${a.app}: ${formatDuration(a.seconds)}`);
      return [`You were active ${formatDuration(appTime.totalActiveSeconds)} ${window.label}. Most time went to:`, ...top].join('\n');
    }
    const rows: TimeRow[] = appTime.apps.flatMap((a) => [
      { app: a.app, title: null, seconds: a.seconds },
      ...a.titles.map((t) => ({ app: a.app, title: t.title, seconds: t.seconds })),
    ]);
    const matches = matchTimeRows(rows, target);
    if (matches.length === 0) {
      const known = appTime.apps
        .slice(0, 5)
        .map((a) => a.app)
        .join(', ');
      return `I found no app or window matching "${target}" ${window.label}. The apps I saw: ${known}.`;
    }
    const appLevel = matches.filter((m) => m.title === null);
    if (appLevel.length > 0) {
      const lines = appLevel.map((m) => `- ${m.app}: ${formatDuration(m.seconds)}`);
      const total = appLevel.reduce((s, m) => s + m.seconds, 0);
      return [
        `You spent ${formatDuration(total)} in ${appLevel.map((m) => m.app).join(' and ')} ${window.label}.`,
        ...(appLevel.length > 1 ? lines : []),
      ].join('\n');
    }
    const total = matches.reduce((s, m) => s + m.seconds, 0);
    const lines = matches.slice(0, 8).map((m) => `- ${m.app} — ${m.title || '(untitled)'}: ${formatDuration(m.seconds)}`);
    return [`You spent ${formatDuration(total)} in windows matching "${target}" ${window.label}:`, ...lines].join('\n');
  }

  private whatDone(question: string, nowMs: number): string {
    const window = questionWindow(question, nowMs);
    const blocks = this.timeline(window);
    if (blocks.length === 0) return `I have no activity recorded ${window.label}.`;
    // The total is app time, as Today and `shadow today` count it (blocks bridge short gaps).
    const total = this.deps.activity.appTime({ window }).totalActiveSeconds;
    const shown = blocks.filter((b) => b.endMs - b.startMs >= 60_000).slice(0, 12);
    const lines = (shown.length ? shown : blocks.slice(0, 12)).map(
      (b) =>
        `- ${formatClockTime(b.startMs)}–${formatClockTime(b.endMs)} ${b.app}${b.title ? ` — ${b.title}` : ''} (${formatDuration((b.endMs - b.startMs) / 1000)})`,
    );
    return [`Here is what I saw ${window.label} (${formatDuration(total)} active):`, ...lines].join('\n');
  }

  private whereSeen(question: string, nowMs: number): string {
    const target = seenTarget(question);
    if (!target) return 'Tell me what to look for, e.g. "when did I see invoice 4471?".';
    const lines: string[] = [];
    const screen = searchScreenTextInWindow(this.deps.screenText, { q: target, limit: 5 });
    for (const hit of screen)
      lines.push(`- ${formatClockTime(hit.at)} on ${localDateOf(Date.parse(hit.at))} in ${hit.app} — ${hit.title}: ${hit.snippet}`);
    const titles = this.windowTitlesMatching(target, nowMs);
    for (const t of titles) {
      lines.push(
        `- ${t.app} — ${t.title}: first ${formatClockTime(t.firstMs)} on ${localDateOf(t.firstMs)}, last ${formatClockTime(t.lastMs)} (${formatDuration(t.seconds)} in all)`,
      );
    }
    if (lines.length === 0) {
      const ocr = this.deps.ocrEnabled ? '' : ' Screen text is not being read (OCR is off), so I only searched window titles.';
      return `I found no "${target}" on your screen or in window titles.${ocr}`;
    }
    return [`I saw "${target}" here:`, ...lines].join('\n');
  }

  /** Consecutive app spans merged into blocks of one app and window. */
  private timeline(window: Window): { app: string; title: string | null; startMs: number; endMs: number }[] {
    const spans = this.deps.activity.appSpans(window);
    const blocks: { app: string; title: string | null; startMs: number; endMs: number }[] = [];
    for (const span of spans) {
      const last = blocks.at(-1);
      if (last && last.app === span.app && last.title === span.title && span.startMs - last.endMs < 120_000) last.endMs = span.endMs;
      else blocks.push({ ...span });
    }
    return blocks;
  }

  private windowTitlesMatching(target: string, nowMs: number) {
    return this.deps.activity.windowsTitled([...keywords(target).keys(), ...(target.match(/\d{2,}/g) ?? [])], nowMs, 5);
  }
}

/** App or window rows naming the target: every word contained, else a fuzzy match for typos. */
function matchTimeRows(rows: readonly TimeRow[], target: string): TimeRow[] {
  const words = target
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1 && !['the', 'my', 'app', 'window'].includes(w));
  if (words.length === 0) return [];
  const contains = (text: string | null): boolean => !!text && words.every((w) => text.toLowerCase().includes(w));
  const apps = rows.filter((r) => r.title === null && contains(r.app));
  if (apps.length) return apps;
  const titles = rows.filter((r) => r.title !== null && contains(r.title));
  if (titles.length) return titles;
  const fuse = new Fuse(rows, { keys: ['app', 'title'], threshold: 0.3, ignoreLocation: true, includeScore: true });
  const hits = fuse.search(target);
  if (hits.length === 0) return [];
  const best = hits[0]!;
  if (best.item.title === null) return [best.item];
  return hits.filter((h) => h.item.title !== null && (h.score ?? 1) <= (best.score ?? 0) + 0.05).map((h) => h.item);
}
