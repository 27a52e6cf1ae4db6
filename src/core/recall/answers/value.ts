import type * as chrono from 'chrono-node';
import type { Evidence } from '../../../shared/contract/evidence';
import { rowOf, type Sighting } from '../../store/repositories/work-item-repository';
import { when } from '../evidence-format';
import { coverage, coverageFrom, termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { oneLine } from '../retrieval';
import { localDateOf } from '../../time';
import { lazyModule } from '../../util/lazy-module';
import { answerLookup } from './lookup';
import { allHistory, askedWindow, answer, rowText, windowOf, type RecallAnswer, type RecallContext } from './answer-kit';

const chronoNode = lazyModule<typeof chrono>('chrono-node');

type Wanted = 'amount' | 'date' | 'identifier';

interface Reading {
  readonly sighting: Sighting;
  readonly score: number;
}

const VALUE_NAMES: Record<string, string> = { po: 'PO', reference: 'reference', due: 'amount due', eta: 'ETA' };
/** Words of a question that ask for a date rather than an amount. */
/** Words of a question that ask for a rate ("discount % on the quote?"): only a percentage answers it. */
const PERCENT_ASK = /%|\bper ?cent(age)?\b|\bpct\b/i;
/** "How far am I from quota?", "how much more do I need?": the gap a screen names answers it. */
const GAP_ASK = /\bhow far\b|\bhow much more\b|\b(left to|to go|short of)\b/i;
const GAP_LABEL = /\b(gap|remaining|to go|short|left)\b/;
/** The share of the question's words a screen must hold for a value on it to answer. */
const SUBJECT_FLOOR = 0.5;
const DATE_ASK = /^\W*when\b|\b(date|deadline|what day|eta|scheduled for|booked for)\b/i;

/**
 * "What was the total on the supplier's invoice?", "when is invoice 5102 due?", "what PO is linked to invoice
 * 5102?", "how much was the hotel?": the amounts, dates or records the work-item index read where the
 * question's words are (the same line first, then the same screen), the one whose label names the
 * figure asked for first; the figure, its label and where it was seen, in the first sentence.
 */
export function answerValue(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const wanted: Wanted = DATE_ASK.test(question.text)
    ? 'date'
    : question.valueWord === 'po' || question.valueWord === 'reference'
      ? 'identifier'
      : 'amount';
  const time = askedWindow(question, allHistory(ctx.nowMs));
  // Only the values of the kind asked for, and the other sightings of their screens and windows (a year holds many more).
  const ofKind = ctx.store.items.sightingsOfKinds(windowOf(time), new Set([wanted]));
  const percentAsked = wanted === 'amount' && PERCENT_ASK.test(question.text);
  const candidates = ofKind.found.filter(
    (s) =>
      s.kind === wanted &&
      (!percentAsked || s.name.endsWith('%')) &&
      !(wanted === 'identifier' && question.valueWord && !termMatches(question.valueWord, `${s.role} ${s.name}`)),
  );
  const refText = new Map<number, string>();
  for (const s of candidates) {
    const key = rowOf(s);
    if (!refText.has(key)) refText.set(key, rowText(ofKind.rows.get(key)!));
  }
  const onScreenOf = new Map<number, number>();
  const terms = question.terms.filter((t) => !(wanted === 'identifier' && t === question.valueWord));
  const readings: Reading[] = [];
  for (const s of candidates) {
    const percent = s.name.endsWith('%');
    const gap = wanted === 'amount' && GAP_ASK.test(question.text) && GAP_LABEL.test(s.label);
    const ref = rowOf(s);
    if (!gap && terms.length > 0 && !onScreenOf.has(ref)) onScreenOf.set(ref, coverageFrom(terms, refText.get(ref) ?? '', SUBJECT_FLOOR));
    const onScreen = terms.length === 0 || gap ? 1 : onScreenOf.get(ref)!;
    if (onScreen < SUBJECT_FLOOR) continue;
    const onLine = terms.length === 0 ? 0 : coverage(terms, `${s.line} ${s.label}`);
    const named =
      gap ||
      // "Cardiology appt date?": the date whose label the question names ("Appointment: Jun 16, 2026").
      (wanted === 'date' && s.label !== '' && terms.some((t) => termMatches(t, s.label))) ||
      (question.valueWord && wanted !== 'identifier'
        ? termMatches(question.valueWord, s.label) || termMatches(question.valueWord, s.line)
        : false);
    // The record asked about is no answer to itself ("what PO is linked to PO 7789?").
    if (wanted === 'identifier' && terms.some((t) => termMatches(t, s.name))) continue;
    // A percentage answers a money question only where it stands by the figure asked for ("Discount (12%)").
    if (percent && !percentAsked && !named) continue;
    // A date that is the day it was seen on stamps when something was done ("approved Jun 2"); a date asked for is mostly another day.
    const stamp = wanted === 'date' && sameDay(s.name, s.atMs) ? 0.5 : 1;
    readings.push({ sighting: s, score: onScreen * (1 + onLine) * (named ? 2.5 : 1) * stamp });
  }
  if (readings.length === 0)
    return answerLookup(
      ctx,
      question,
      `I saw no ${question.valueWord ?? (wanted === 'date' ? 'date' : 'figure')} for ${question.terms.length > 0 ? `“${question.terms.join(' ')}”` : 'that'}`,
    );
  const support = new Map<string, number>();
  for (const r of readings) support.set(r.sighting.key, (support.get(r.sighting.key) ?? 0) + r.score);
  const top = Math.max(...readings.map((r) => r.score));
  const best = readings
    .filter((r) => r.score >= 0.8 * top)
    .sort(
      (a, b) =>
        b.score - a.score || (support.get(b.sighting.key) ?? 0) - (support.get(a.sighting.key) ?? 0) || b.sighting.atMs - a.sighting.atMs,
    )[0]!;
  const s = best.sighting;
  const what =
    s.label && wanted !== 'identifier'
      ? s.label
      : wanted === 'date'
        ? question.valueWord === 'due'
          ? 'due date'
          : 'date'
        : (VALUE_NAMES[question.valueWord ?? ''] ?? (wanted === 'identifier' ? s.role : 'amount'));
  const places = new Set(readings.filter((r) => r.sighting.key === s.key).map((r) => `${r.sighting.app}\u0000${r.sighting.title}`)).size;
  const lines = [`The ${what} was **${s.name}** — ${s.app} showed it in “${s.title}” at ${when(s.atMs, ctx.nowMs)}: “${oneLine(s.line)}”.`];
  if (places > 1) lines.push(`The same figure was in ${places} windows.`);
  const others = [...new Set(readings.filter((r) => r.sighting.key !== s.key && r.score >= 0.6 * top).map((r) => r.sighting.name))].slice(
    0,
    2,
  );
  if (others.length > 0) lines.push(`Other figures near it: ${others.join(', ')}.`);
  // The reading the answer states first, then the others of the same figure, best first.
  const evidence: Evidence[] = [best, ...readings.filter((r) => r !== best).sort((a, b) => b.score - a.score)]
    .filter((r) => r.sighting.key === s.key)
    .filter((r, i, all) => all.findIndex((x) => x.sighting.refId === r.sighting.refId) === i)
    .slice(0, 3)
    .map((r) => ({
      claim: `the ${what} was ${s.name}`,
      at: new Date(r.sighting.atMs).toISOString(),
      until: null,
      app: r.sighting.app,
      windowTitle: r.sighting.title,
      snippet: oneLine(r.sighting.line).replace(r.sighting.name, `**${r.sighting.name}**`),
      source: r.sighting.source === 'screen' ? ('screen_text' as const) : ('window' as const),
      open: { at: new Date(r.sighting.atMs).toISOString(), screenTextId: r.sighting.source === 'screen' ? r.sighting.refId : null },
      ...(r.sighting.device && { device: r.sighting.device }),
    }));
  return answer(lines, evidence);
}

/** Whether a date as written ("Jun 2, 2026", "Jun 16, 2026 10:30") falls on the local day of `atMs`. */
function sameDay(written: string, atMs: number): boolean {
  const parsed = chronoNode().parseDate(written, new Date(atMs));
  return parsed !== null && localDateOf(parsed.getTime()) === localDateOf(atMs);
}
