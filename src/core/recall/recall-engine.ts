import type { LlmStatus } from '../../shared/contract/index';
import { LLM_OFF } from '../llm/llm-client';
import type { Evidence } from '../../shared/contract/evidence';
import { tokenCount } from '../llm/tokens';
import { memoryRepositories } from '../memory/memory-repositories';
import type { Db } from '../store/database';
import { ActivityRepository, type TimeWindow } from '../store/repositories/activity-repository';
import { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { answerActivity, answerBreak, answerDayBounds, answerMoment } from './answers/activity';
import type { RecallAnswer, RecallContext } from './answers/answer-kit';
import { answerLookup, capabilities } from './answers/lookup';
import { answerSeen } from './answers/seen';
import { answerTimeSpent } from './answers/time-spent';
import { answerValue } from './answers/value';
import { answerWhich } from './answers/which';
import { answerWho } from './answers/who';
import { appTimeContext } from './app-time-context';
import { seenOn, toEvidence, when } from './evidence-format';
import { termMatches } from './question-terms';
import { understandQuestion, type QuestionKind, type UnderstoodQuestion } from './question-understanding';
import { localDateOf, localDayBounds } from '../time';
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
  /** Questions about workflows across days ("how do I usually …?"): answered there first (src/core/workflows/). */
  readonly workflows?: Pick<WorkflowAnswers, 'answer' | 'context'>;
}

/** The evidence tier an LLM call is given for a question: text lines within a token budget, and the references kept with the reply. */
export interface RecallContextTier {
  readonly text: string;
  readonly evidence: readonly Evidence[];
  readonly tokens: number;
  /** Of `tokens`, those of the app and window times of the day asked about. */
  readonly appTimeTokens: number;
  /** Pieces found that did not fit the budget. */
  readonly dropped: number;
}

/** The share of the evidence tier the app and window times may take: the rest is retrieval. */
const APP_TIME_SHARE = 0.4;

const ANSWERS: Record<QuestionKind, (ctx: RecallContext, question: UnderstoodQuestion) => RecallAnswer> = {
  time_spent: answerTimeSpent,
  activity: answerActivity,
  moment: answerMoment,
  day_bounds: answerDayBounds,
  break: answerBreak,
  seen: answerSeen,
  which: answerWhich,
  who: answerWho,
  value: answerValue,
  lookup: answerLookup,
  unknown: capabilities,
};

/**
 * Questions about the observed day, answered from the store the way a colleague who watched it would:
 * understood (time words with chrono-node, what/which/who), answered at the level of tasks, and each
 * claim backed by evidence. The offline assistant answers with it; the LLM path takes its retrieval.
 */
export class RecallEngine {
  constructor(private readonly deps: RecallEngineDeps) {}

  understand(question: string, nowMs: number): UnderstoodQuestion {
    return understandQuestion(question, nowMs, this.dayShape());
  }

  answer(question: string, nowMs: number): RecallAnswer {
    const workflow = this.deps.workflows?.answer(question, nowMs);
    if (workflow) return workflow;
    const { engine, text } = this.forDeviceNamedIn(question);
    if (engine !== this) return engine.answer(text, nowMs);
    const understood = this.namesOnlyApps(this.understand(question, nowMs), nowMs);
    return ANSWERS[understood.kind](this.context(nowMs), understood);
  }

  /** The engine over one device's work when the question names it ("…on my desktop?"), with those words taken out. */
  private forDeviceNamedIn(question: string): { engine: RecallEngine; text: string } {
    const named = deviceMentioned(question, this.deps.devices?.() ?? []);
    if (!named) return { engine: this, text: question };
    const engine = new RecallEngine({ ...this.deps, store: scopedStore(this.deps.store, named.key), devices: undefined });
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
   * lunch", "Invoice 4471", "Companies in NetSuite". Null for anything recall does not understand.
   */
  topic(question: string, nowMs: number): string | null {
    const q = this.understand(question, nowMs);
    const today = { startMs: localDayBounds(localDateOf(nowMs)).startMs, endMs: nowMs + 1 };
    const names = this.deps.store.activity.appTime({ window: today }).apps.flatMap((a) => a.app.split(/\s+/));
    const subject = q.terms.map((t) => names.find((n) => n.toLowerCase() === t) ?? asWritten(t, question)).join(' ');
    const when = q.time ? ` ${q.time.label.replace(/\s*\(.*\)$/, '')}` : '';
    const topics: Record<QuestionKind, () => string | null> = {
      time_spent: () => (subject ? `Time in ${subject}` : `Active time${when}`),
      activity: () => (subject ? `Work on ${subject}${when}` : `Work${when || ' today'}`),
      moment: () => `Screen${when}`,
      day_bounds: () => (q.edge === 'last' ? 'End of the day' : 'Start of the day'),
      break: () => 'Lunch break',
      seen: () => subject || null,
      which: () => `${LIST_TITLES[q.listOf!]}${subject ? ` in ${subject}` : ''}${when}`,
      who: () => subject || null,
      value: () => (subject ? `${subject} ${q.valueWord ?? 'amount'}` : null),
      lookup: () => null,
      unknown: () => null,
    };
    const topic = topics[q.kind]();
    return topic ? topic.charAt(0).toUpperCase() + topic.slice(1) : null;
  }

  /**
   * Evidence for a question as an LLM context tier: the app and window times of the time asked about
   * (default: the day of `nowMs`), then ranked pieces from every source in the question's time window
   * (or all history), as many as fit `budgetTokens`.
   */
  contextTier(question: string, nowMs: number, budgetTokens: number): RecallContextTier {
    const scoped = this.forDeviceNamedIn(question);
    if (scoped.engine !== this) return scoped.engine.contextTier(scoped.text, nowMs, budgetTokens);
    const understood = this.understand(question, nowMs);
    const window: TimeWindow | undefined = understood.time ?? undefined;
    const day = localDateOf(nowMs);
    const appTime = appTimeContext(
      this.deps.store.activity,
      window ?? { startMs: localDayBounds(day).startMs, endMs: nowMs + 1 },
      understood.time ? understood.time.label : `today (${day})`,
      Math.floor(budgetTokens * APP_TIME_SHARE),
    );
    const found = retrieveEvidence(this.deps.store, { terms: understood.terms, window, limit: 20 });
    const header = 'Evidence from the screen and memory for this question (time, app, window: text):';
    const lines: string[] = [];
    const evidence: Evidence[] = [];
    // A question about workflows across days gets the workflow first: the steps, times and deviations it asks about.
    const workflow = this.deps.workflows?.context(question, nowMs) ?? null;
    const workflowText = workflow && tokenCount(workflow.text) + appTime.tokens < budgetTokens ? workflow.text : '';
    if (workflowText) evidence.push(...workflow!.evidence);
    let tokens = tokenCount(header) + appTime.tokens + (appTime.text ? 2 : 0) + (workflowText ? tokenCount(workflowText) + 2 : 0);
    for (const f of found) {
      const line = `- ${when(f.atMs, nowMs)}, ${f.app ?? f.source}${f.windowTitle ? `, “${f.windowTitle}”` : ''}${seenOn(f.device)}: ${oneLine(f.snippet).slice(0, 300)}`;
      const cost = tokenCount(line) + 1;
      if (tokens + cost > budgetTokens) continue;
      tokens += cost;
      lines.push(line);
      evidence.push(toEvidence(f, `context for “${question.slice(0, 80)}”`));
    }
    const join = (): string =>
      [workflowText, appTime.text, lines.length > 0 ? [header, ...lines].join('\n') : ''].filter(Boolean).join('\n\n');
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
      dropped: found.length - lines.length,
    };
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
}

const LIST_TITLES: Record<NonNullable<UnderstoodQuestion['listOf']>, string> = {
  app: 'Apps used',
  window: 'Windows used',
  file: 'Documents',
  invoice: 'Invoices',
  bill: 'Bills',
  po: 'Purchase orders',
  document: 'Documents',
  organization: 'Companies',
  person: 'People',
  channel: 'Channels',
};

/** A question's word as the user wrote it ("netsuite" → "NetSuite" when they wrote that). */
function asWritten(term: string, question: string): string {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(question)?.[0] ?? term;
}

/** Breaks read from the app spans: the stretches between them (idle, private or not observed). */
export function activityDayShape(activity: ActivityRepository): DayShape {
  return {
    longestBreak(window) {
      const spans = activity.appSpans(window);
      let best: TimeWindow | null = null;
      for (let i = 1; i < spans.length; i++) {
        const gap = { startMs: spans[i - 1]!.endMs, endMs: spans[i]!.startMs };
        if (gap.endMs - gap.startMs > (best ? best.endMs - best.startMs : 0)) best = gap;
      }
      return best;
    },
  };
}

/** A recall engine over a database of its own (benchmarks and tests that build no core). */
export function recallEngineFor(db: Db, ocrEnabled: boolean): RecallEngine {
  const { tasks, summaries, questions } = memoryRepositories(db);
  return new RecallEngine({
    store: { activity: new ActivityRepository(db), screenText: new ScreenTextRepository(db), tasks, summaries, questions },
    ocrEnabled,
  });
}
