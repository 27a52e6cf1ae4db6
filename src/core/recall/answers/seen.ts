import { seenOn, toEvidence, when } from '../evidence-format';
import type { UnderstoodQuestion } from '../question-understanding';
import { stateClass } from '../../understanding/work-item';
import { coverage, termMatches } from '../question-terms';
import { oneLine, retrieveEvidence, type Found } from '../retrieval';
import {
  allHistory,
  answer,
  askedWindow,
  LIST_MAX,
  leftOut,
  privateNote,
  quoted,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';
import { answerLookup } from './lookup';

/** Words of a question about seeing something, not about when it happened. */
const SEEING =
  /\b(see|saw|seen|start|started|begin|began|open|opened|look|looked|read|visit|visited|view|viewed|check|checked|use|used|come across|came across|notice|noticed|first|last)\b/i;
/** A clock time or a date on a line, a date with its clock time as one: "at 16:05", "on May 7, 2026", "Jun 2, 2026 13:47". */
const STATED_TIME =
  /\b((?:(?:\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:, \d{4})?)(?:,? (?:at )?\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?)?)|\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?)(?![\w:])/i;
/** A list's column of when each message came ("From  Subject  Received"): its times say when a row arrived, not when its subject happened. */
const ARRIVAL_COLUMN = /\b(received|sent|arrived|date|time)\s*$/i;
/** Words by a time that make it a plan ("ETA 13:40", "appointment 15:00"), not what happened. */
const PLANNED = /\b(eta|appointment|appt|scheduled|planned|expected|estimated|due|by)\W*$/i;
/** A past participle just before the time ("Delivered 13:52", "approved Jun 2, 2026 13:47"). */
const PARTICIPLE = /\b(\p{L}{3,}ed)\W{0,3}(?:on |at )?$/iu;

/** Whether the words before a time say the event happened then: a done state or the event the question names ("Created:" stamps a record). */
function happenedAt(before: string, terms: readonly string[]): boolean {
  const word = PARTICIPLE.exec(before)?.[1];
  return word !== undefined && (stateClass(word) === 'done' || terms.some((t) => termMatches(t, word)));
}

/** The line that holds most of the question's words and a time or date, and that time. */
function statedTime(found: readonly Found[], question: UnderstoodQuestion): { time: string; line: string; found: Found } | null {
  let best: { time: string; line: string; found: Found; share: number } | null = null;
  const clockAsked = /\b(what time|at what time)\b/i.test(question.text);
  const whenAsked = /\bwhen (did|was|were)\b/i.test(question.text);
  const past = /\b(when|what time) (did|was|were)\b/i.test(question.text);
  for (const f of found.filter((x) => x.source === 'screen_text' && x.score >= 0.6)) {
    const lines = f.text.split('\n');
    const header = lines.findIndex((l) => ARRIVAL_COLUMN.test(l) && /\bfrom\b/i.test(l));
    for (const [i, line] of lines.entries()) {
      const match = STATED_TIME.exec(line);
      const time = match?.[1];
      // A chat line's own clock time is when it was written, not the answer.
      if (!time || /^\s*\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+\s+\d{1,2}:\d{2}/u.test(line)) continue;
      // A record's fields stand on lines of their own ("Document: …" above "Entered: … at 11:42 AM").
      const field = /^\s*[\p{L} ]{2,30}:\s/u.test(line);
      const onLine = Math.max(
        coverage(question.terms, line),
        field ? coverage(question.terms, lines.slice(Math.max(0, i - 3), i).join(' ')) / 2 : 0,
      );
      if (onLine === 0) continue;
      // "What time…" asks for a clock time, not the date beside it.
      const fits = /\d:\d/.test(time) ? (clockAsked ? 1 : whenAsked ? (/^\d{1,2}:\d/.test(time) ? 0.5 : 0.25) : 0) : 0;
      const before = line.slice(0, match.index);
      const arrival = header >= 0 && i > header && line.trimEnd().endsWith(time) ? -1 : 0;
      const happened = past ? (happenedAt(before, question.terms) ? 0.5 : PLANNED.test(before) ? -0.5 : 0) : 0;
      // The screen that holds the most of the question, then the line that does; a later screen (what happened) over an earlier one (what was planned).
      const share = f.score * 2 + onLine + fits + arrival + happened;
      if (!best || share > best.share || (share === best.share && f.atMs > best.found.atMs)) best = { time, line, found: f, share };
    }
  }
  return best;
}

interface Sighting {
  readonly app: string | null;
  readonly windowTitle: string | null;
  readonly moments: number[];
  /** The best piece of evidence for this window (screen text over a bare title). */
  best: Found;
}

/** "When did I see invoice 5102?", "where did I see the carrier's remittance?", "when did I last open the bank portal?". */
export function answerSeen(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  if (question.terms.length === 0) return answer(['Tell me what to look for, e.g. “when did I first see the ticket?”.'], [], false);
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const found = retrieveEvidence(ctx.store, {
    terms: question.terms,
    window: windowOf(time),
    sources: ['screen_text', 'window'],
    limit: 60,
  });
  const where = time.label === 'so far' ? '' : ` ${time.label}`;
  // "When was the fix deployed?": a screen that says when ("… to production at 16:05") answers better than when it was seen.
  if (!SEEING.test(question.text)) {
    const stated = statedTime(found, question);
    if (stated) {
      const f = stated.found;
      return answer(
        [
          `At **${stated.time}**, as ${f.app ?? 'the screen'}${f.windowTitle ? ` (“${f.windowTitle}”)` : ''} said at ${when(f.atMs, ctx.nowMs)}: “${oneLine(stated.line)}”.`,
        ],
        [toEvidence({ ...f, snippet: oneLine(stated.line) }, `it says ${stated.time}`)],
      );
    }
  }
  const full = found.filter((f) => f.score >= 0.9 * (f.source === 'window' ? 0.95 : 1));
  if (full.length === 0) {
    const ocr = ctx.ocrEnabled ? '' : ' Screen text is not being read (OCR is off), so I only searched window titles.';
    if (found.length === 0)
      return answer(
        [`I found no ${quoted(question)} on your screen or in window titles${where}.${ocr}${privateNote(ctx, time)}`],
        [],
        false,
      );
    return answerLookup(
      ctx,
      question,
      `I didn't see all of ${quoted(question)} on your screen or in window titles${where}${ocr ? ` (${ocr.trim()})` : ''}`,
    );
  }
  const sightings = groupByWindow(full);
  const moments = sightings.flatMap((s) => s.moments).sort((a, b) => a - b);
  if (question.edge) {
    const at = question.edge === 'first' ? moments[0]! : moments.at(-1)!;
    const sighting = sightings.find((s) => s.moments.includes(at))!;
    const verb = question.edge === 'first' ? 'first' : 'last';
    const line = `You ${verb} had ${quoted(question)} on screen at **${when(at, ctx.nowMs)}**${where}, in ${sighting.app}, “${sighting.windowTitle}”.`;
    const best = sighting.best;
    const opened = { ...best, atMs: at, screenTextId: at === best.atMs ? best.screenTextId : null };
    return answer([line], [toEvidence(opened, `${verb} seen at ${when(at, ctx.nowMs)}`)]);
  }
  const windows = sightings.length === 1 ? 'one window' : `${sightings.length} windows`;
  const yes = /^\W*(have|did) i\b/i.test(question.text) ? 'Yes. ' : '';
  const span =
    moments.length === 1
      ? `once, at ${when(moments[0]!, ctx.nowMs)}`
      : `in ${windows}, first at ${when(moments[0]!, ctx.nowMs)} and last at ${when(moments.at(-1)!, ctx.nowMs)}`;
  const lines = [
    `${yes}I saw ${quoted(question)}${where} ${span}:`,
    '',
    ...sightings.slice(0, LIST_MAX).map((s) => {
      const times = s.moments.slice(0, 6).map((m) => when(m, ctx.nowMs));
      const more = s.moments.length > 6 ? ` and ${s.moments.length - 6} more times` : '';
      return `- ${s.app}, “${s.windowTitle}”${seenOn(s.best.device)}: ${times.join(', ')}${more}`;
    }),
  ];
  const cut = leftOut(sightings.length - LIST_MAX, 'other window', 'name an app or a time to narrow it down');
  if (cut) lines.push(cut);
  const evidence = sightings.slice(0, LIST_MAX).map((s) => toEvidence(s.best, `seen in ${s.app}, “${s.windowTitle}”`));
  return answer(lines, evidence);
}

/** The found pieces per window, each window with every moment it showed the words, oldest first. */
function groupByWindow(found: readonly Found[]): Sighting[] {
  const byWindow = new Map<string, Sighting>();
  for (const f of found) {
    // One window on two devices is two sightings, each labelled by its device.
    const key = `${f.device?.id ?? ''}\u0000${f.app}\u0000${f.windowTitle}`;
    const moments = [f.atMs, ...f.alsoAtMs];
    const sighting = byWindow.get(key);
    if (!sighting) {
      byWindow.set(key, { app: f.app, windowTitle: f.windowTitle, moments, best: f });
      continue;
    }
    // A window's start and the frame read at that start are one sighting, not two.
    for (const m of moments) if (!sighting.moments.some((x) => Math.abs(x - m) < 60_000)) sighting.moments.push(m);
    if (sighting.best.source !== 'screen_text' && f.source === 'screen_text') sighting.best = f;
  }
  const all = [...byWindow.values()];
  for (const s of all) s.moments.sort((a, b) => a - b);
  return all.sort((a, b) => a.moments[0]! - b.moments[0]!);
}
