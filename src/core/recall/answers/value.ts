import type * as chrono from 'chrono-node';
import { lazyModule } from '../../util/lazy-module';
import { entitiesOf } from '../entities';
import { toEvidence, when } from '../evidence-format';
import { coverage, termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { oneLine, retrieveEvidence, type Found } from '../retrieval';
import { allHistory, answer, askedWindow, closest, quoted, windowOf, type RecallAnswer, type RecallContext } from './answer-kit';

const chronoNode = lazyModule<typeof chrono>('chrono-node');

interface Reading {
  readonly value: string;
  readonly line: string;
  readonly found: Found;
  readonly score: number;
}

type Wanted = 'amount' | 'date' | 'document';

const VALUE_NAMES: Record<string, string> = { po: 'PO', reference: 'reference', due: 'amount due' };

/**
 * "What was the total on the Acme invoice?", "when is invoice 4471 due?", "what PO is linked to invoice
 * 4471?": the frames that hold the question's words are read line by line for the figure asked for
 * (on the line that names it, else on the line that names the subject); the best-supported reading wins.
 */
export function answerValue(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const wanted: Wanted = /^\W*when\b/i.test(question.text)
    ? 'date'
    : question.valueWord === 'po' || question.valueWord === 'reference'
      ? 'document'
      : 'amount';
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const found = retrieveEvidence(ctx.store, { terms: question.terms, window: windowOf(time), sources: ['screen_text'], limit: 20 });
  const top = found[0]?.score ?? 0;
  const readings: Reading[] = [];
  for (const f of found.filter((x) => x.score >= 0.75 * top)) {
    const lines = f.text.split('\n');
    const named = question.valueWord ? lines.filter((l) => termMatches(question.valueWord!, l)) : [];
    const candidates = named.length > 0 ? named : bestLines(lines, question.terms);
    for (const line of candidates) {
      const value = readValue(line, wanted, question.valueWord);
      if (value)
        readings.push({
          value,
          line,
          found: f,
          score: f.score * (named.length > 0 ? 1 : 0.6) * (0.5 + coverage(question.terms, line) / 2),
        });
    }
  }
  const support = new Map<string, number>();
  for (const r of readings) support.set(r.value, (support.get(r.value) ?? 0) + r.score);
  const best = [...readings].sort((a, b) => (support.get(b.value) ?? 0) - (support.get(a.value) ?? 0) || b.score - a.score)[0];
  if (!best) {
    const near = closest(found);
    const lines = [`I saw no ${question.valueWord ?? (wanted === 'date' ? 'date' : 'figure')} for ${quoted(question)}.`];
    if (near.length > 0) lines.push('The closest I saw:', ...near.map((f) => `- ${when(f.atMs, ctx.nowMs)}, ${f.app}, “${f.windowTitle}”`));
    return answer(
      lines,
      near.map((f) => toEvidence(f, 'closest match')),
      ctx.nowMs,
      false,
    );
  }
  const places = new Set(readings.filter((r) => r.value === best.value).map((r) => `${r.found.app}\u0000${r.found.windowTitle}`)).size;
  const what =
    wanted === 'date' ? (question.valueWord === 'due' ? 'due date' : 'date') : (VALUE_NAMES[question.valueWord ?? ''] ?? 'amount');
  const lines = [
    `The ${what} was **${best.value}**, as ${best.found.app} showed it in “${best.found.windowTitle}” at ${when(best.found.atMs, ctx.nowMs)}: “${oneLine(best.line)}”.`,
  ];
  if (places > 1) lines.push(`The same figure was in ${places} windows.`);
  const others = [...support.keys()].filter((v) => v !== best.value).slice(0, 2);
  if (others.length > 0) lines.push(`Other figures near it: ${others.join(', ')}.`);
  const evidence = readings
    .filter((r) => r.value === best.value)
    .filter((r, i, all) => all.findIndex((x) => x.found === r.found) === i)
    .slice(0, 3)
    .map((r) =>
      toEvidence({ ...r.found, snippet: oneLine(r.line).replace(best.value, `**${best.value}**`) }, `the ${what} was ${best.value}`),
    );
  return answer(lines, evidence, ctx.nowMs);
}

/** The lines of a frame that hold the most of the question's words. */
function bestLines(lines: readonly string[], terms: readonly string[]): string[] {
  const scored = lines.map((line) => ({ line, share: coverage(terms, line) })).filter((x) => x.share > 0);
  const top = Math.max(0, ...scored.map((x) => x.share));
  return scored.filter((x) => x.share === top).map((x) => x.line);
}

/** The figure a line gives: the first after the word that names it, else the line's last. */
function readValue(line: string, wanted: Wanted, word: string | null): string | null {
  if (wanted === 'date') {
    const iso = /\b\d{4}-\d{2}-\d{2}\b/.exec(line)?.[0];
    const spoken = chronoNode()
      .parse(line)
      .find((r) => r.start.isCertain('day'))?.text;
    return spoken ?? iso ?? null;
  }
  const entities = entitiesOf(line);
  if (wanted === 'document')
    return entities.find((e) => e.kind === 'document' && (!word || e.text.toLowerCase().startsWith(word)))?.text ?? null;
  const amounts = entities.filter((e) => e.kind === 'amount');
  if (amounts.length === 0) return null;
  const at = word ? line.toLowerCase().indexOf(word) : -1;
  const after = at >= 0 ? amounts.find((a) => line.indexOf(a.text) > at) : undefined;
  return (after ?? amounts.at(-1)!).text;
}
