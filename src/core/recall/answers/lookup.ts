import type { LlmStatus } from '../../../shared/contract/index';
import { clipAtWord } from '../../../shared/clip-at-word';
import { toEvidence, when } from '../evidence-format';
import { toFtsAnyQuery } from '../../ocr/screen-query';
import { coverage, searchWords } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { bestLine, oneLine, retrieveEvidence, type Found } from '../retrieval';
import {
  allHistory,
  answer,
  askedWindow,
  asAsked,
  closest,
  privateNote,
  quoted,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';

const SHOWN = 5;
const STRONG = 0.6;
const REASON_WORDS = [
  'because',
  'due to',
  'so that',
  'in order to',
  'caused by',
  'root cause',
  'reason',
  'as a result',
  'owing to',
  'since',
];
/** Words that give a reason on screen: "because", "due to", "so that", "Reason: …". */
const REASON =
  /\b(because|due to|so that|in order to|caused by|root cause|the reason|reason:|as a result|since (?:the|we|it|they)|owing to|for the (?:audit|review|close|deadline))\b|, so (?:i|we|they|the|our|it|you|\w+s)\b/i;

const where = (f: Found, nowMs: number): string =>
  `${when(f.atMs, nowMs)}, ${f.app ?? 'memory'}${f.windowTitle ? `, “${f.windowTitle}”` : ''}`;

/**
 * Anything else that names something ("tell me about the spring forecast", "which team blew through its
 * budget?"): the best evidence from every source, the user's own answers first. Never "nothing found"
 * while anything matched: the closest piece answers, in the first sentence, with how sure it is.
 * `lead` opens the reply when another kind of answer found nothing of its own ("I saw no due date for …").
 */
export function answerLookup(ctx: RecallContext, question: UnderstoodQuestion, lead?: string): RecallAnswer {
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const span = time.label === 'so far' ? '' : ` ${time.label}`;
  const found = retrieveEvidence(ctx.store, { terms: question.terms, window: windowOf(time), limit: 20 });
  const strong = found.filter((f) => f.score >= STRONG);
  const told = strong.filter((f) => f.source === 'answer');
  if (found.length === 0) {
    const nothing =
      question.terms.length > 0 ? `I saw nothing about ${quoted(question)}${span}.` : `I have nothing to go on for that${span}.`;
    return answer([`${lead ? `${lead}. ` : ''}${nothing}${privateNote(ctx, time)}`], [], false);
  }
  if (strong.length === 0) {
    const near = closest(found);
    const best = near[0]!;
    const share = Math.round(coverage(question.terms, `${best.windowTitle ?? ''} ${best.text}`) * question.terms.length);
    const opener = lead ? `${lead}. ` : '';
    const line = best.source === 'screen_text' ? bestLine(question.terms, best.text) : null;
    const lines = [
      `${opener}The closest I saw${span} (${share} of ${question.terms.length} of your words): ${where(best, ctx.nowMs)} — “${clipAtWord(line ?? oneLine(best.snippet), 160)}”.`,
      ...(near.length > 1
        ? ['Also near it:', ...near.slice(1).map((f) => `- ${where(f, ctx.nowMs)}: ${clipAtWord(oneLine(f.snippet), 120)}`)]
        : []),
    ];
    return answer(
      lines,
      near.map((f) => toEvidence(f, 'closest match')),
      false,
    );
  }
  const lines: string[] = told.slice(0, 2).map((f) => `You told me: ${f.snippet}.`);
  // One line per window and source: the same window's task and title say nothing new.
  const rest = strong
    .filter((f) => f.source !== 'answer')
    .filter((f, i, all) => all.findIndex((x) => x.app === f.app && x.windowTitle === f.windowTitle) === i)
    .slice(0, SHOWN);
  if (rest.length > 0) {
    const [first, ...others] = rest;
    // The line that holds the question's words answers it; the passage around it only when none does.
    const line = first!.source === 'screen_text' ? bestLine(question.terms, first!.text) : null;
    lines.push(
      `${lead ? `${lead}. ` : ''}What I saw about ${quoted(question)}${span}: ${where(first!, ctx.nowMs)} — “${clipAtWord(line ?? oneLine(first!.snippet), 160)}”.`,
    );
    if (others.length > 0) lines.push('', ...others.map((f) => `- ${where(f, ctx.nowMs)}: ${clipAtWord(oneLine(f.snippet), 160)}`));
  }
  const evidence = [...told.slice(0, 2), ...rest].map((f) => {
    const line = f.source === 'screen_text' ? bestLine(question.terms, f.text) : null;
    return toEvidence(line ? { ...f, snippet: line } : f, f.source === 'answer' ? 'what you told me' : `about ${asAsked(question)}`);
  });
  return answer(lines, evidence);
}

/**
 * "Why did I switch to the bank portal so often?", "what is the ledger for?": what the user told the
 * shadow when it asked, then reasons shown on screen ("because …", "due to …") beside the question's
 * words; else it says it cannot tell, and what it saw.
 */
export function answerWhy(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const reply = whyIn(ctx, question);
  // "Why are we holding the motion until Monday?", "reason the thursday follow-up got moved?": a time in a why
  // question is often the plan or the subject, not when the reason was said; without it a reason may be found.
  if (reply.reasoned || question.time === null) return reply.answer;
  const anyTime = whyIn(ctx, { ...question, time: null });
  return anyTime.reasoned || !reply.answer.answered ? anyTime.answer : reply.answer;
}

function whyIn(ctx: RecallContext, question: UnderstoodQuestion): { answer: RecallAnswer; reasoned: boolean } {
  const time = askedWindow(question, allHistory(ctx.nowMs));
  const found = retrieveEvidence(ctx.store, { terms: question.terms, window: windowOf(time), limit: 120 });
  // The user's answers to a question about a reason ("why…", "what is it for?") first.
  const reasonAsked = (f: Found): boolean =>
    /\b(why|what for|for what|purpose|reason|what is it for|what are you working on)\b/i.test(f.text.split('\n')[0] ?? '');
  const answers = found
    .filter((f) => f.source === 'answer' && f.score >= 0.4)
    .sort((a, b) => Number(reasonAsked(b)) - Number(reasonAsked(a)) || b.score - a.score);
  // An answer that gives a reason is one; one that only names the same things (the user's list of systems) is not.
  const giving = answers.filter((f) => reasonAsked(f) || REASON.test(f.text));
  const reasons = [...found.filter((f) => f.source === 'screen_text'), ...reasonScreens(ctx, question, windowOf(time))]
    .flatMap((f) => {
      const lines = f.text.split('\n');
      return lines.flatMap((line, i) => {
        if (!REASON.test(line)) return [];
        // A reason is often a message's second line ("Hold the motion until Monday, / because …"): the lines
        // above it say what it is about; on a screen that is about the question, any reason it gives counts.
        const onLines = coverage(question.terms, lines.slice(Math.max(0, i - 2), i + 1).join(' '));
        if (onLines === 0 && f.score < 0.5) return [];
        const said = i > 0 && /^\s*(because|since|as|so|due to)\b/i.test(line) ? `${lines[i - 1]!.trim()} ${line.trim()}` : line;
        return [{ f, line: said, share: f.score + 2 * onLines }];
      });
    })
    .sort((a, b) => b.share - a.share)
    .filter((r, i, all) => all.findIndex((x) => x.line === r.line) === i)
    .slice(0, 2);
  const told = (giving.length > 0 || reasons.length > 0 ? giving : answers).slice(0, 2);
  if (told.length === 0 && reasons.length === 0) {
    const near = closest(
      found.filter((f) => f.score >= 0.5),
      2,
    );
    const saw =
      near.length > 0
        ? ` What I saw of ${quoted(question)}: ${near.map((f) => `${where(f, ctx.nowMs)} — “${clipAtWord(oneLine(f.snippet), 100)}”`).join('; ')}.`
        : '';
    return {
      answer: answer(
        [`I can't tell why from what I observed, and you haven't told me.${saw}`],
        near.map((f) => toEvidence(f, 'what I saw')),
        false,
      ),
      reasoned: false,
    };
  }
  const lines = [
    ...told.map(
      (f) => `You told me: “${f.text.split('\n').slice(1).join(' ').trim() || f.snippet}” (when I asked “${f.text.split('\n')[0]}”).`,
    ),
    ...reasons.map(({ f, line }) => `On screen: “${clipAtWord(oneLine(line), 200)}” (${where(f, ctx.nowMs)}).`),
  ];
  const evidence = [
    ...told.map((f) => toEvidence(f, 'what you told me')),
    ...reasons.map(({ f, line }) => toEvidence({ ...f, snippet: oneLine(line) }, 'a reason on screen')),
  ];
  return { answer: answer(lines, evidence), reasoned: giving.length > 0 || reasons.length > 0 };
}

/** Screens that give a reason beside the question's words, however common the words (the index's own search). */
function reasonScreens(ctx: RecallContext, question: UnderstoodQuestion, window: { startMs: number; endMs: number }): Found[] {
  const any = toFtsAnyQuery(searchWords(question.terms));
  if (any === null) return [];
  const match = `(${any}) AND (${REASON_WORDS.map((w) => `"${w}"`).join(' OR ')})`;
  return ctx.store.screenText.search({ match, fromMs: window.startMs, toMs: window.endMs, limit: 40 }).map((hit) => ({
    source: 'screen_text' as const,
    atMs: hit.atMs,
    untilMs: null,
    app: hit.app,
    windowTitle: hit.title,
    snippet: oneLine(hit.snippet),
    text: hit.text,
    screenTextId: hit.id,
    alsoAtMs: [],
    score: coverage(question.terms, `${hit.title}\n${hit.text}`),
    ...(hit.device && { device: hit.device }),
  }));
}

/** Advice, drafting and opinions need a model: one sentence that says so, and what can be shown instead. */
export function answerAdvice(ctx: RecallContext): RecallAnswer {
  const setup = ctx.llm.state === 'off' ? 'and none is configured: set OPENAI_BASE_URL and OPENAI_API_KEY' : `and ${whyOffline(ctx.llm)}`;
  return answer(
    [
      `That needs a language model, ${setup}; offline I can show what is still open, what you worked on and when, and who and what was on screen — e.g. “what is still open?” or “walk me through today”.`,
    ],
    [],
    false,
  );
}

/** What the assistant answers offline, for a question it has nothing to go on for. */
export function capabilities(ctx: RecallContext): RecallAnswer {
  return answer(
    [
      `I can't answer that from what I observed: ${whyOffline(ctx.llm)}. Ask me, for example:`,
      '- how long: “how long was I in Outlook today?”, “time in Slack after lunch”',
      '- what: “walk me through this morning”, “what was I doing at twenty past ten?”',
      '- when and where: “when did I first see the ticket?”, “when did I take lunch?”',
      '- which and who: “which tickets did I work on?”, “who reported it?”',
      '- figures, states and reasons: “what was the total on the invoice?”, “what is still open?”, “why did I open the budget?”',
      ...(ctx.llm.state === 'off' ? ['Configure an OpenAI-compatible endpoint (OPENAI_API_KEY / OPENAI_BASE_URL) for anything else.'] : []),
    ],
    [],
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
