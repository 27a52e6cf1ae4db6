import { entitiesOf } from '../entities';
import { toEvidence, when } from '../evidence-format';
import { coverage, termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { oneLine, retrieveEvidence, type Found } from '../retrieval';
import { answerLookup } from './lookup';
import { allHistory, answer, askedWindow, closest, joinAnd, quoted, windowOf, type RecallAnswer, type RecallContext } from './answer-kit';

type How = 'sender' | 'speaker' | 'named';

interface Candidate {
  readonly name: string;
  score: number;
  /** Frames that name them (a name seen in many places is better supported, a little). */
  readonly frames: Set<Found>;
  /** The line that names them, and the evidence it came from. */
  line: string;
  found: Found;
  how: How;
  email: string | null;
}

/** "Raj Patel  10:05 AM": a chat app's line naming who wrote the messages under it. */
const SPEAKER = /^\s*(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)+)\s+\d{1,2}:\d{2}\s*(?:AM|PM)?\s*$/u;
const SENDER = /\bfrom:?\s+(.+)$/i;
const MAX_NAMED = 5;

/**
 * "Who sent invoice 4471?", "who asked about the Acme payment?", "who owns the IT Services budget?":
 * the lines that hold the most of the question's words are read for a sender ("from …", a mail's From:
 * line), a chat message's author, or a person or company named on the same line. A name that fits
 * how the question asks (sent, said) counts three times. "Who did I talk to on Slack?" names a
 * window, not a line: then everyone who wrote there is the answer.
 */
export function answerWho(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  if (question.terms.length === 0) return answer(['Tell me who you are looking for, e.g. “who sent invoice 4471?”.'], [], ctx.nowMs, false);
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const found = retrieveEvidence(ctx.store, {
    terms: question.terms,
    window: windowOf(time),
    sources: ['screen_text', 'window'],
    limit: 30,
  });
  const inWindow = found.filter((f) => question.terms.every((t) => termMatches(t, `${f.app ?? ''} ${f.windowTitle ?? ''}`)));
  const byLine = candidatesFromLines(found, question);
  if (byLine.length === 0 && inWindow.length > 0 && question.relation !== 'sender') return everyoneIn(ctx, question, inWindow);
  const best = byLine[0];
  // "Who is Maria Chen?" names the person: what was seen about them is the answer.
  if (!best && /^\W*who (is|was|are)\b/i.test(question.text)) return answerLookup(ctx, question);
  if (!best) {
    const near = closest(found);
    const lines = [`I saw nothing that says who, for ${quoted(question)}.`];
    if (near.length > 0)
      lines.push('The closest I saw:', ...near.map((f) => `- ${when(f.atMs, ctx.nowMs)}, ${f.app}: “${oneLine(f.snippet).slice(0, 120)}”`));
    return answer(
      lines,
      near.map((f) => toEvidence(f, 'closest match')),
      ctx.nowMs,
      false,
    );
  }
  const where = `${best.found.app}, “${best.found.windowTitle}”, ${when(best.found.atMs, ctx.nowMs)}`;
  const lines = [headline(best, question), `It says so in ${where}: “${oneLine(best.line)}”.`];
  const runnerUp = byLine[1] && byLine[1].score >= 0.6 * best.score ? byLine[1] : null;
  if (runnerUp) lines.push(`${runnerUp.name} is named there too.`);
  const evidence = [toEvidence({ ...best.found, snippet: oneLine(best.line) }, headline(best, question).replace(/\*\*/g, ''))];
  if (runnerUp && runnerUp.found !== best.found)
    evidence.push(toEvidence({ ...runnerUp.found, snippet: oneLine(runnerUp.line) }, `${runnerUp.name} is named`));
  return answer(lines, evidence, ctx.nowMs);
}

/** Names on the lines holding the most of the question's words, best supported first. */
function candidatesFromLines(found: readonly Found[], question: UnderstoodQuestion): Candidate[] {
  const lines = found.flatMap((f) =>
    f.text.split('\n').map((line, i, all) => ({ f, line, i, all, share: coverage(question.terms, line) })),
  );
  const emails = lines.flatMap(({ line }) => (/^\s*from:/i.test(line) ? entitiesOf(line).filter((e) => e.kind === 'email') : []));
  const levels = [...new Set(lines.map((l) => l.share).filter((s) => s > 0))].sort((a, b) => b - a);
  for (const level of levels) {
    const candidates = new Map<string, Candidate>();
    const add = (name: string, weight: number, line: string, f: Found, how: How): void => {
      const key = name.toLowerCase().replace(/\s+(inc|ltd|llc|corp)\.?$/, '');
      // The subject of the question is not its answer ("who owns the IT Services budget?" is not "IT Services").
      if (key.split(/\s+/).every((w) => question.terms.includes(w) || w.length <= 2)) return;
      const known = candidates.get(key) ?? { name, score: 0, frames: new Set<Found>(), line, found: f, how, email: null };
      if (weight > known.score) Object.assign(known, { line, found: f, how });
      known.score = Math.max(known.score, weight);
      known.frames.add(f);
      candidates.set(key, known);
    };
    for (const { f, line, i, all } of lines.filter((l) => l.share === level)) {
      const sender = SENDER.exec(line);
      if (sender)
        for (const e of entitiesOf(sender[1]!))
          if (e.kind === 'organization' || e.kind === 'person')
            add(e.text, f.score * (question.relation === 'sender' ? 3 : 1.5), line, f, 'sender');
      const speaker = speakerOf(all, i);
      if (speaker) add(speaker, f.score * (question.relation === 'speaker' ? 3 : 1.5), line, f, 'speaker');
      if (!SPEAKER.test(line))
        for (const e of entitiesOf(line))
          if (e.kind === 'person' || e.kind === 'organization')
            add(e.text, f.score * (question.relation === 'any' ? 2 : 1), line, f, 'named');
    }
    if (candidates.size === 0) continue;
    const ranked = [...candidates.values()].map((c) => ({ ...c, score: c.score + 0.1 * (c.frames.size - 1) }));
    for (const c of ranked)
      c.email =
        emails.find((e) =>
          e.text
            .split('@')[1]!
            .toLowerCase()
            .includes(c.name.toLowerCase().replace(/[^a-z]/g, '')),
        )?.text ?? null;
    return ranked.sort((a, b) => b.score - a.score);
  }
  return [];
}

/** Everyone who wrote (or is named) in the windows the question names: "who did I talk to on Slack?". */
function everyoneIn(ctx: RecallContext, question: UnderstoodQuestion, frames: readonly Found[]): RecallAnswer {
  const people = new Map<string, Found>();
  for (const f of frames) {
    for (const line of f.text.split('\n')) {
      const name = SPEAKER.exec(line)?.[1] ?? null;
      if (name && !people.has(name)) people.set(name, f);
    }
  }
  if (people.size === 0)
    for (const f of frames) for (const e of entitiesOf(f.text)) if (e.kind === 'person' && !people.has(e.text)) people.set(e.text, f);
  const names = [...people.keys()];
  if (names.length === 0) return answer([`I saw no names in ${quoted(question)}.`], [], ctx.nowMs, false);
  const shown = names.slice(0, MAX_NAMED);
  const more = names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : '';
  const frame = frames[0]!;
  const lines = [`In ${frame.app}, “${frame.windowTitle}”, I saw messages from **${joinAnd(shown)}**${more}.`];
  const evidence = shown.map((name) => toEvidence({ ...people.get(name)!, snippet: name }, `${name} wrote in ${frame.windowTitle}`));
  return answer(lines, evidence, ctx.nowMs);
}

function headline(best: Candidate, question: UnderstoodQuestion): string {
  const about = question.terms.join(' ');
  const email = best.email ? ` (${best.email})` : '';
  if (best.how === 'sender') return `**${best.name}**${email} sent ${about}.`;
  if (best.how === 'speaker') {
    const verb = /\b(asked|said|mentioned|messaged|wrote|told)\b/i.exec(question.text)?.[1]?.toLowerCase() ?? 'wrote';
    return `**${best.name}** ${verb} it, in a message about ${about}.`;
  }
  return `**${best.name}**${email}, named beside ${about}.`;
}

/** The author of chat line `i`: the nearest speaker line above it. */
function speakerOf(lines: readonly string[], i: number): string | null {
  if (SPEAKER.test(lines[i]!)) return null;
  for (let j = i - 1; j >= 0; j--) {
    const match = SPEAKER.exec(lines[j]!);
    if (match) return match[1]!;
  }
  return null;
}
