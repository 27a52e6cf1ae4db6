import type { LlmStatus } from '../../shared/contract/index';
import { LLM_OFF } from '../llm/llm-client';
import type { Evidence } from '../../shared/contract/evidence';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { tokenCount } from '../llm/tokens';
import { memoryRepositories } from '../memory/memory-repositories';
import type { Db } from '../store/database';
import { ActivityRepository, type TimeWindow } from '../store/repositories/activity-repository';
import { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { WorkItemRepository } from '../store/repositories/work-item-repository';
import { itemViews } from '../understanding/item-views';
import { isUser } from '../understanding/user-identity';
import { answerActivity, answerBreak, answerDayBounds, answerMoment } from './answers/activity';
import { answerPrivate, type RecallAnswer, type RecallContext } from './answers/answer-kit';
import { answerAdvice, answerLookup, answerWhy, capabilities } from './answers/lookup';
import { answerOpen } from './answers/open';
import { answerSeen } from './answers/seen';
import { answerTimeSpent } from './answers/time-spent';
import { answerValue } from './answers/value';
import { answerWhich } from './answers/which';
import { answerWho } from './answers/who';
import { appTimeContext } from './app-time-context';
import { dayWork } from './day-tasks';
import { kindWord } from './kind-words';
import { seenOn, toEvidence, when } from './evidence-format';
import { SYNONYMS } from './lexicon';
import { coverage, termMatches, words } from './question-terms';
import { understandQuestion, type QuestionKind, type UnderstoodQuestion } from './question-understanding';
import { localDateOf, localDayBounds } from '../time';
import { messageOf } from '../util/message-of';
import { oneLine, retrieveEvidence, type RecallStore } from './retrieval';
import type { DayShape } from './time-understanding';
import { deviceMentioned, scopedStore, type NamedDevice } from './device-mention';
import type { WorkflowAnswers } from '../workflows/workflow-answers';

export type { RecallAnswer } from './answers/answer-kit';

export interface RecallEngineDeps {
  readonly store: RecallStore;
  /** Whether screen text is being read at all (to say so when nothing is found). */
  readonly ocrEnabled: boolean;
  /** The language model's state, so an offline answer never says none is configured when one is. */
  readonly llmStatus?: () => LlmStatus;
  /** The devices whose work the store holds, so "on my desktop" narrows a question to that one. */
  readonly devices?: () => readonly NamedDevice[];
  /** Brings the work-item index up to date before a question is answered. */
  readonly refresh?: () => void;
  /** Questions about workflows across days ("how do I usually …?", src/core/workflows/): the `workflow` intent. */
  readonly workflows?: Pick<WorkflowAnswers, 'answer' | 'context'>;
}

/** The evidence tier an LLM call is given for a question: text lines within a token budget, and the references kept with the reply. */
export interface RecallContextTier {
  readonly text: string;
  readonly evidence: readonly Evidence[];
  readonly tokens: number;
  /** Of `tokens`, those of the app and window times of the day asked about. */
  readonly appTimeTokens: number;
  /** Of `tokens`, those of the work threads and work items of the time asked about. */
  readonly workTokens: number;
  /** Pieces found that did not fit the budget. */
  readonly dropped: number;
}

/** The share of the evidence tier the app and window times may take. */
const APP_TIME_SHARE = 0.3;
/** The share the work threads and the work items the question names may take: the rest is retrieval. */
const WORK_SHARE = 0.3;

/** Answers by intent; `workflow` is answered by the workflows across days (src/core/workflows/) before this table. */
const ANSWERS: Record<Exclude<QuestionKind, 'workflow'>, (ctx: RecallContext, question: UnderstoodQuestion) => RecallAnswer> = {
  time_spent: answerTimeSpent,
  activity: answerActivity,
  moment: answerMoment,
  day_bounds: answerDayBounds,
  break: answerBreak,
  seen: answerSeen,
  which: answerWhich,
  who: answerWho,
  value: answerValue,
  open: answerOpen,
  why: answerWhy,
  advice: (ctx) => answerAdvice(ctx),
  lookup: (ctx, question) => answerLookup(ctx, question),
  unknown: capabilities,
};

/** The questions recall has seen are few a minute: the day's vocabulary is kept for the day and window of the last. */
const VOCABULARY_TTL_MS = 60_000;

/**
 * Questions about the observed day, answered from the store the way a colleague who watched it would:
 * understood as an intent, a time window and a target (the question's content words, matched softly),
 * answered from the work items, threads and ranked evidence of that time, each claim backed by evidence,
 * the asked fact first. The offline assistant answers with it; the LLM path takes the same retrieval.
 */
export class RecallEngine {
  private vocabularyCache: { key: string; atMs: number; words: Set<string> } | null = null;

  constructor(private readonly deps: RecallEngineDeps) {}

  understand(question: string, nowMs: number, notKinds: readonly QuestionKind[] = []): UnderstoodQuestion {
    return understandQuestion(question, nowMs, this.dayShape(), {
      vocabulary: this.vocabulary(nowMs),
      seenOnScreen: (word) => this.deps.store.screenText.holdsWord(word),
      notKinds,
    });
  }

  /** An answer to any question: never throws (a question that breaks an answer gets the offline capabilities and the reason). */
  answer(question: string, nowMs: number): RecallAnswer {
    try {
      this.deps.refresh?.();
      const { engine, text } = this.forDeviceNamedIn(question);
      if (engine !== this) return engine.answer(text, nowMs);
      let understood = this.namesOnlyApps(this.understand(question, nowMs), nowMs);
      if (understood.kind === 'workflow') {
        const found = this.deps.workflows?.answer(question, nowMs);
        if (found) return found;
        // It names no workflow the days hold: it is another kind of question.
        understood = this.namesOnlyApps(this.understand(question, nowMs, ['workflow']), nowMs);
      }
      const context = this.context(nowMs);
      const kind = understood.kind as Exclude<QuestionKind, 'workflow'>;
      return (kind !== 'advice' && kind !== 'why' && answerPrivate(context, understood)) || ANSWERS[kind](context, understood);
    } catch (error) {
      process.emitWarning(
        `recall could not answer “${question.slice(0, 80)}”: ${(error instanceof Error && error.stack) || messageOf(error)}`,
      );
      return capabilities(this.context(nowMs));
    }
  }

  /** The engine over one device's work when the question names it ("…on my desktop?"), with those words taken out. */
  private forDeviceNamedIn(question: string): { engine: RecallEngine; text: string } {
    const named = deviceMentioned(question, this.deps.devices?.() ?? []);
    if (!named) return { engine: this, text: question };
    const engine = new RecallEngine({
      ...this.deps,
      store: scopedStore(this.deps.store, named.key),
      devices: undefined,
      refresh: undefined,
    });
    return { engine, text: named.question };
  }

  /** "Slack today? Roughly.": a question that names only apps asks how long they were used. */
  private namesOnlyApps(question: UnderstoodQuestion, nowMs: number): UnderstoodQuestion {
    if (question.kind !== 'lookup' || question.terms.length === 0) return question;
    const window = question.time ?? { startMs: localDayBounds(localDateOf(nowMs)).startMs, endMs: nowMs };
    const apps = this.deps.store.activity.appTime({ window }).apps.map((a) => a.app);
    const onlyApps = question.terms.every((t) => apps.some((app) => termMatches(t, app)));
    return onlyApps ? { ...question, kind: 'time_spent' } : question;
  }

  /**
   * What a question about the day is about, as a conversation title: "Time in Slack", "Work after
   * lunch", "Invoice 5102", "Tickets today". Null for anything recall does not understand.
   */
  topic(question: string, nowMs: number): string | null {
    const q = this.understand(question, nowMs);
    const today = { startMs: localDayBounds(localDateOf(nowMs)).startMs, endMs: nowMs + 1 };
    const names = this.deps.store.activity.appTime({ window: today }).apps.flatMap((a) => a.app.split(/\s+/));
    const subject = q.terms.map((t) => names.find((n) => n.toLowerCase() === t) ?? asWritten(t, question)).join(' ');
    const when = q.time ? ` ${q.time.label.replace(/\s*\(.*\)$/, '')}` : '';
    // "Is invoice 5102 approved?" asks after one record: the title names it with the word it was asked by.
    const before = q.terms[0]
      ? new RegExp(`(\\p{L}+)\\s+${q.terms[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'iu').exec(question)?.[1]
      : undefined;
    const record = before && kindWord(before) ? `${before} ${subject}` : null;
    const list = q.kindWord ? q.kindWord.plural.charAt(0).toUpperCase() + q.kindWord.plural.slice(1) : 'Things';
    const topics: Record<QuestionKind, () => string | null> = {
      time_spent: () => (subject ? `Time in ${subject}` : `Active time${when}`),
      activity: () => (subject ? `Work on ${subject}${when}` : `Work${when || ' today'}`),
      moment: () => `Screen${when}`,
      day_bounds: () => (q.edge === 'last' ? 'End of the day' : 'Start of the day'),
      break: () => 'Lunch break',
      seen: () => subject || null,
      which: () => `${list}${subject ? ` in ${subject}` : ''}${when}`,
      who: () => subject || null,
      value: () => (subject ? `${subject} ${q.valueWord ?? 'amount'}` : null),
      open: () => (record ? `${record} status` : `Still open${subject ? `: ${subject}` : ''}`),
      why: () => (subject ? `Why ${subject}` : null),
      advice: () => null,
      workflow: () => (subject ? `How I handle ${subject}` : 'Workflows'),
      lookup: () => null,
      unknown: () => null,
    };
    const topic = topics[q.kind]();
    return topic ? topic.charAt(0).toUpperCase() + topic.slice(1) : null;
  }

  /**
   * Evidence for a question as an LLM context tier: the app and window times of the time asked about
   * (default: the day of `nowMs`), the work threads of that time with their state and the work items the
   * question names, then ranked pieces from every source in the question's time window (or all history),
   * as many as fit `budgetTokens`.
   */
  contextTier(question: string, nowMs: number, budgetTokens: number): RecallContextTier {
    this.deps.refresh?.();
    const scoped = this.forDeviceNamedIn(question);
    if (scoped.engine !== this) return scoped.engine.contextTier(scoped.text, nowMs, budgetTokens);
    const understood = this.understand(question, nowMs);
    const window: TimeWindow | undefined = understood.time ?? undefined;
    const day = localDateOf(nowMs);
    const asked = window ?? { startMs: localDayBounds(day).startMs, endMs: nowMs + 1 };
    const appTime = appTimeContext(
      this.deps.store.activity,
      asked,
      understood.time ? understood.time.label : `today (${day})`,
      Math.floor(budgetTokens * APP_TIME_SHARE),
    );
    const work = this.workContext(understood, asked, nowMs, Math.floor(budgetTokens * WORK_SHARE));
    const found = retrieveEvidence(this.deps.store, { terms: understood.terms, window, limit: 20 });
    const header = 'Evidence from the screen and memory for this question (time, app, window: text):';
    const lines: string[] = [];
    const evidence: Evidence[] = [...work.evidence];
    // A question about workflows across days gets the workflow first: the steps, times and deviations it asks about.
    const workflow = understood.kind === 'workflow' ? (this.deps.workflows?.context(question, nowMs) ?? null) : null;
    const workflowText = workflow && tokenCount(workflow.text) + appTime.tokens + work.tokens < budgetTokens ? workflow.text : '';
    if (workflowText) evidence.unshift(...workflow!.evidence);
    let tokens =
      tokenCount(header) +
      appTime.tokens +
      (appTime.text ? 2 : 0) +
      work.tokens +
      (work.text ? 2 : 0) +
      (workflowText ? tokenCount(workflowText) + 2 : 0);
    for (const f of found) {
      const line = `- ${when(f.atMs, nowMs)}, ${f.app ?? f.source}${f.windowTitle ? `, “${f.windowTitle}”` : ''}${seenOn(f.device)}: ${oneLine(f.snippet).replace(/\*\*/g, '').slice(0, 300)}`;
      const cost = tokenCount(line) + 1;
      if (tokens + cost > budgetTokens) continue;
      tokens += cost;
      lines.push(line);
      evidence.push(toEvidence(f, `context for “${question.slice(0, 80)}”`));
    }
    const join = (): string =>
      [workflowText, appTime.text, work.text, lines.length > 0 ? [header, ...lines].join('\n') : ''].filter(Boolean).join('\n\n');
    let text = join();
    // Counted line by line; tokens can merge differently once joined: never hand back more than the budget.
    while (tokenCount(text) > budgetTokens && lines.length > 0) {
      lines.pop();
      evidence.pop();
      text = join();
    }
    return {
      text,
      evidence,
      tokens: text ? tokenCount(text) : 0,
      appTimeTokens: appTime.tokens,
      workTokens: work.tokens,
      dropped: found.length - lines.length,
    };
  }

  /**
   * The work of the time asked about, for a model: its threads (what, when, how long, apps, state) and
   * the work items the question names with their roles, labels and states, within `budget` tokens.
   */
  private workContext(
    question: UnderstoodQuestion,
    window: TimeWindow,
    nowMs: number,
    budget: number,
  ): { text: string; tokens: number; evidence: Evidence[] } {
    const work = dayWork(this.deps.store, window);
    const lines: string[] = [];
    const evidence: Evidence[] = [];
    const threads = [...work.threads].sort((a, b) => b.seconds - a.seconds);
    const named = itemViews(work.sightings, window)
      .filter(
        (v) =>
          !isUser(work.identity, v) &&
          question.terms.length > 0 &&
          coverage(question.terms, `${v.name} ${v.roles.join(' ')} ${v.labels.join(' ')} ${v.sightings[0]?.line ?? ''}`) > 0,
      )
      .sort(
        (a, b) =>
          coverage(question.terms, `${b.name} ${b.sightings[0]?.line ?? ''}`) -
            coverage(question.terms, `${a.name} ${a.sightings[0]?.line ?? ''}`) || b.seconds - a.seconds,
      )
      .slice(0, 12);
    const candidates = [
      ...(threads.length > 0 ? ['Work threads of the time asked about (what, when, time, apps, last state):'] : []),
      ...threads.map(
        (t) =>
          `- ${t.anchor ? t.name : t.subject}: ${when(t.startMs, nowMs)}–${formatClockTime(t.endMs)}, ${formatDuration(t.seconds)}, ${t.tasks.length} task${t.tasks.length === 1 ? '' : 's'}, ${t.apps.slice(0, 3).join(', ')}${t.state ? `; last seen ${t.state.text}` : ''}${
            t.items.length > 0
              ? `; with ${t.items
                  .slice(0, 4)
                  .map((i) => i.name)
                  .join(', ')}`
              : ''
          }`,
      ),
      ...(named.length > 0 ? ['Work items the question names (kind, role or label, state, where seen):'] : []),
      ...named.map(
        (v) =>
          `- ${v.kind} ${v.name}${v.roles[0] ? ` (${v.roles[0]})` : ''}${v.labels[0] ? ` [${v.labels[0]}]` : ''}${v.state ? ` — ${v.state.text}` : ''}: ${when(v.firstMs, nowMs)}–${formatClockTime(v.lastMs)} in ${v.apps.slice(0, 3).join(', ')}; “${oneLine(v.sightings.at(-1)!.line).slice(0, 160)}”`,
      ),
    ];
    let tokens = 0;
    for (const line of candidates) {
      const cost = tokenCount(line) + 1;
      if (tokens + cost > budget) break;
      tokens += cost;
      lines.push(line);
    }
    // A heading left without its lines says nothing.
    while (lines.length > 0 && lines.at(-1)!.endsWith(':')) lines.pop();
    for (const v of named.slice(0, 3)) {
      const s = v.sightings.at(-1)!;
      evidence.push({
        claim: `${v.name}, named in the question`,
        at: new Date(s.atMs).toISOString(),
        until: null,
        app: s.app,
        windowTitle: s.title,
        snippet: oneLine(s.line),
        source: s.source === 'screen' ? 'screen_text' : 'window',
        open: { at: new Date(s.atMs).toISOString(), screenTextId: s.source === 'screen' ? s.refId : null },
        ...(s.device && { device: s.device }),
      });
    }
    const text = lines.join('\n');
    return { text, tokens: text ? tokenCount(text) : 0, evidence: lines.some((l) => l.startsWith('Work items')) ? evidence : [] };
  }

  private context(nowMs: number): RecallContext {
    return {
      store: this.deps.store,
      nowMs,
      day: this.dayShape(),
      ocrEnabled: this.deps.ocrEnabled,
      llm: this.deps.llmStatus?.() ?? LLM_OFF,
      devices: this.deps.devices?.() ?? [],
    };
  }

  private dayShape(): DayShape {
    return activityDayShape(this.deps.store.activity);
  }

  /**
   * The words of the day's window titles, apps and work items (and the lexicon's), so a typo in what a
   * question names is read as the word meant ("slak" → "slack"); kept a minute.
   */
  private vocabulary(nowMs: number): Set<string> {
    const day = localDayBounds(localDateOf(nowMs));
    const key = `${day.startMs}`;
    if (this.vocabularyCache && this.vocabularyCache.key === key && Math.abs(nowMs - this.vocabularyCache.atMs) < VOCABULARY_TTL_MS)
      return this.vocabularyCache.words;
    const window = { startMs: day.startMs - 6 * 86_400_000, endMs: day.endMs };
    const found = new Set<string>();
    for (const w of this.deps.store.activity.windowsIn(window))
      for (const word of words(`${w.app} ${w.title}`)) if (word.length >= 3) found.add(word);
    for (const [term, names] of Object.entries(SYNONYMS)) {
      found.add(term);
      for (const name of names) found.add(name);
    }
    this.vocabularyCache = { key, atMs: nowMs, words: found };
    return found;
  }
}

/** A question's word as the user wrote it ("netsuite" → "NetSuite" when they wrote that). */
function asWritten(term: string, question: string): string {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(question)?.[0] ?? term;
}

/** Breaks, bounds and named stretches read from the app spans. */
export function activityDayShape(activity: ActivityRepository): DayShape {
  return {
    longestBreak(window) {
      // A private window is the person at work, only not recorded: a break ends when they are back, in any window.
      const spans = activity.spansIn(window).filter((s) => s.kind !== 'idle');
      let best: TimeWindow | null = null;
      for (let i = 1; i < spans.length; i++) {
        const gap = { startMs: spans[i - 1]!.endMs, endMs: spans[i]!.startMs };
        if (gap.endMs - gap.startMs > (best ? best.endMs - best.startMs : 0)) best = gap;
      }
      return best;
    },
    activeBounds(window) {
      const spans = activity.appSpans(window);
      return spans.length > 0 ? { startMs: spans[0]!.startMs, endMs: spans.at(-1)!.endMs } : null;
    },
    stretchNamed(named, window) {
      if (named.length === 0) return null;
      const spans = activity.appSpans(window);
      const text = (s: { app: string; title: string | null }): string => `${s.app} ${s.title ?? ''}`;
      const best = Math.max(0, ...spans.map((s) => coverage(named, text(s))));
      if (best < 0.5) return null;
      const start = spans.findIndex((s) => coverage(named, text(s)) === best);
      // The first visit: that window and the ones of the same title straight after it.
      let end = start;
      while (spans[end + 1] && spans[end + 1]!.title === spans[start]!.title && spans[end + 1]!.startMs - spans[end]!.endMs < 120_000)
        end++;
      return { startMs: spans[start]!.startMs, endMs: spans[end]!.endMs };
    },
  };
}

/** A recall engine over a database of its own (benchmarks and tests that build no core). */
export function recallEngineFor(db: Db, ocrEnabled: boolean): RecallEngine {
  const { tasks, summaries, questions, interview } = memoryRepositories(db);
  return new RecallEngine({
    store: {
      activity: new ActivityRepository(db),
      screenText: new ScreenTextRepository(db),
      tasks,
      summaries,
      questions,
      items: new WorkItemRepository(db),
      interviewAnswers: () => interview.entries(),
    },
    ocrEnabled,
  });
}
