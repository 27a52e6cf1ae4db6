import type { Settings } from '../../config/settings';
import { iso } from '../../clock';
import type { EventBus } from '../../events';
import type { Frame } from '../../observe/frame';
import type { Observer } from '../../observe/observer';
import type { ActivityRepository } from '../../store/repositories/activity-repository';
import type { MemoryQuestionRepository } from '../../store/repositories/memory-question-repository';
import type { MemoryCall } from './memory-llm-call';
import { deviationQuestions, isRepeatQuestion, normalizeQuestion, proposeQuestions, SWITCH_WINDOW_MS } from '../questions';
import type { WorkflowDeviation } from '../../../shared/contract/workflows';
import type { WorkSessionState } from './work-session-tracker';

const SYSTEM =
  'You shadow a knowledge worker and may ask one short, friendly clarifying question about what you just saw, so you learn their job. Reply with the question only, one sentence.';

export interface QuestionAskerDeps {
  readonly call: MemoryCall;
  readonly settings: Pick<Settings, 'questionMinIntervalMin'>;
  readonly observer: Pick<Observer, 'immediateContext'>;
  readonly activity: ActivityRepository;
  readonly questions: MemoryQuestionRepository;
  readonly events: EventBus;
  /** How today's work left its usual workflows: each becomes a question once. */
  readonly workflowDeviations?: () => readonly WorkflowDeviation[];
}

/** Asks a clarifying question about what was just seen, when one is due and it is new. */
export class QuestionAsker {
  constructor(private readonly deps: QuestionAskerDeps) {}

  async maybeAsk(workSession: WorkSessionState, frame: Frame, now: number): Promise<void> {
    const { observer, settings, activity, questions, events } = this.deps;
    // Never during idle, private or paused time: only while a permitted window is being observed.
    if (observer.immediateContext().state !== 'observing') return;
    const last = questions.lastAskedAt();
    if (last !== null && now - last < settings.questionMinIntervalMin * 60_000) return;
    const recentSpans = workSession.spans.filter((x) => x.kind === 'app' && x.endMs >= now - SWITCH_WINDOW_MS);
    const firstInWorkSession = workSession.spans.find((x) => x.app === frame.app)?.startMs ?? now;
    // Work done differently from the usual comes first: the scene's questions can be asked any day.
    const candidates = [
      ...deviationQuestions(this.deps.workflowDeviations?.() ?? []),
      ...proposeQuestions({
        nowMs: now,
        workSessionStartMs: workSession.startMs,
        recentSpans,
        currentApp: frame.app,
        currentTitle: frame.title,
        appFirstSeenInWorkSessionMs: firstInWorkSession,
        appSeenBefore: activity.appSeenBefore(frame.app, workSession.startMs),
        hasEarlierWorkSessions: activity.anyAppBefore(workSession.startMs),
      }),
    ];
    const asked = questions.allAsked();
    const candidate = candidates.find(
      (c) => !isRepeatQuestion({ normalized: normalizeQuestion(c.text), trigger: c.trigger, subject: c.subject }, asked),
    );
    if (!candidate) return;
    const result = await this.deps.call({
      purpose: 'question',
      state: workSession,
      now,
      system: SYSTEM,
      observed: `What you just saw: ${candidate.observation}`,
      ask: 'Ask your question about what you just saw (the last line of the block).',
      offline: () => candidate.text,
      maxTokens: 80,
    });
    let text = result.text.trim().split('\n')[0]!.slice(0, 300);
    let engine = result.engine;
    // A reworded question must still be new; if it echoes an old one, ask in the template's words.
    if (!text || (engine === 'llm' && isRepeatQuestion({ normalized: normalizeQuestion(text), trigger: '', subject: '' }, asked))) {
      text = candidate.text;
      engine = 'offline';
    }
    const question = questions.insert({
      workSessionId: workSession.id,
      askedAt: now,
      text,
      normalized: normalizeQuestion(text),
      trigger: candidate.trigger,
      subject: candidate.subject,
      engine,
    });
    events.emit('question:asked', { id: question.id, workSessionId: workSession.id, at: iso(now), text, trigger: candidate.trigger });
    events.emit('context:session-updated', { workSessionId: workSession.id, at: iso(now), reason: 'question' });
  }
}
