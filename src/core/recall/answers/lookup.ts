import type { LlmStatus } from '../../../shared/contract/index';
import { toEvidence, when } from '../evidence-format';
import type { UnderstoodQuestion } from '../question-understanding';
import { oneLine, retrieveEvidence } from '../retrieval';
import { cutAtWord } from '../../sessions/extractive';
import {
  allHistory,
  answer,
  askedWindow,
  closest,
  privateNote,
  quoted,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';

const SHOWN = 5;
const STRONG = 0.6;

/**
 * Anything else that names something ("tell me about the Q3 budget", "what is the ledger for?"): the
 * best evidence from every source, the user's own answers first. A "why" is never guessed: what was
 * seen is shown, and the user's answer when they gave one.
 */
export function answerLookup(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const where = time.label === 'so far' ? '' : ` ${time.label}`;
  const found = retrieveEvidence(ctx.store, { terms: question.terms, window: windowOf(time), limit: 20 });
  const strong = found.filter((f) => f.score >= STRONG);
  const why = /^\W*why\b/i.test(question.text);
  const told = strong.filter((f) => f.source === 'answer');
  if (strong.length === 0 || (why && told.length === 0)) {
    const near = closest(why ? strong : found);
    const lines = [
      why
        ? `I can't tell why from what I observed, and you haven't told me${where}. What I saw about ${quoted(question)}:`
        : `I found nothing about ${quoted(question)}${where}.${privateNote(ctx, time)}${near.length > 0 ? ' The closest I saw:' : ''}`,
      ...near.map(
        (f) =>
          `- ${when(f.atMs, ctx.nowMs)}, ${f.app ?? 'memory'}${f.windowTitle ? `, “${f.windowTitle}”` : ''}: ${cutAtWord(oneLine(f.snippet), 120)}`,
      ),
    ];
    return answer(
      lines,
      near.map((f) => toEvidence(f, 'closest match')),
      ctx.nowMs,
      false,
      { quotedInLines: true },
    );
  }
  const lines: string[] = told.slice(0, 2).map((f) => `You told me: ${f.snippet}.`);
  // One line per window and source: the same window's task and title say nothing new.
  const rest = strong
    .filter((f) => f.source !== 'answer')
    .filter((f, i, all) => all.findIndex((x) => x.app === f.app && x.windowTitle === f.windowTitle) === i)
    .slice(0, SHOWN);
  if (rest.length > 0) {
    lines.push(`What I saw about ${quoted(question)}${where}:`);
    lines.push(
      ...rest.map(
        (f) =>
          `- ${when(f.atMs, ctx.nowMs)}, ${f.app ?? 'memory'}${f.windowTitle ? `, “${f.windowTitle}”` : ''}: ${cutAtWord(oneLine(f.snippet), 160)}`,
      ),
    );
  }
  const evidence = [...told.slice(0, 2), ...rest].map((f) =>
    toEvidence(f, f.source === 'answer' ? 'what you told me' : `about ${question.terms.join(' ')}`),
  );
  return answer(lines, evidence, ctx.nowMs, true, { quotedInLines: true });
}

/** What the assistant answers offline, for a question it has nothing to go on for. */
export function capabilities(ctx: RecallContext): RecallAnswer {
  return answer(
    [
      `I can't answer that from what I observed: ${whyOffline(ctx.llm)}. Ask me, for example:`,
      '- how long: “how long was I in Outlook today?”, “time in Slack after lunch”',
      '- what: “what did I do this morning?”, “what was I doing at 10am?”',
      '- when and where: “when did I see invoice 4471?”, “when did I take lunch?”',
      '- which and who: “which invoices did I look at?”, “who sent invoice 4471?”',
      '- figures on screen: “what was the total on the Acme invoice?”',
      ...(ctx.llm.state === 'off' ? ['Configure an OpenAI-compatible endpoint (OPENAI_API_KEY / OPENAI_BASE_URL) for anything else.'] : []),
    ],
    [],
    ctx.nowMs,
    false,
  );
}

/** Why the offline engine answers: no model configured, or what kept the configured one from answering. */
function whyOffline(llm: LlmStatus): string {
  const model = llm.model ? `${llm.model} at ${llm.endpointHost}` : `the language model at ${llm.endpointHost}`;
  if (llm.state === 'off') return 'no language model is configured, so I answer offline';
  if (llm.state === 'unavailable') return `${model} cannot be used (${llm.lastError ?? 'no reason given'}), so I answered offline`;
  return `${model} did not answer this time${llm.lastError ? ` (${llm.lastError})` : ''}, so I answered offline`;
}
