import { iso } from '../../clock';
import type { EventBus } from '../../events';
import type { OfflineAnswer } from '../../llm/llm-client';
import type { Frame } from '../../observe/frame';
import type { MemoryTaskRepository } from '../../store/repositories/memory-task-repository';
import type { ScreenTextRepository } from '../../store/repositories/screen-text-repository';
import type { MemoryCall } from './memory-llm-call';
import { heuristicTheory } from '../task-theory';
import type { WorkSessionState } from './work-session-tracker';

const SYSTEM =
  'You shadow a knowledge worker through the workday, seeing their screen. From the context (and screenshots, if any), say in one or two sentences what task they are doing right now and, if you can tell, why. No preamble.';

/** The task theory quotes screen text of the current app read at most this long ago. */
const RECENT_SCREEN_TEXT_MS = 5 * 60_000;

export interface TheoryWriterDeps {
  readonly call: MemoryCall;
  readonly tasks: MemoryTaskRepository;
  readonly screenText: ScreenTextRepository;
  readonly events: EventBus;
}

/** The current task theory: what the user seems to be doing now (LLM, else the heuristic). */
export class TheoryWriter {
  constructor(private readonly deps: TheoryWriterDeps) {}

  async refresh(workSession: WorkSessionState, frame: Frame, now: number): Promise<void> {
    const current = workSession.tasks.at(-1) ?? null;
    const offline: OfflineAnswer = () =>
      heuristicTheory({
        nowMs: now,
        currentApp: frame.app,
        currentTitle: frame.title,
        currentTask: current?.open ? current : null,
        previousTask: workSession.tasks.filter((t) => !t.open).at(-1) ?? null,
        screenText: this.deps.screenText.latestTextOf(frame.app, now - RECENT_SCREEN_TEXT_MS, now),
      });
    const result = await this.deps.call({
      purpose: 'theory',
      state: workSession,
      now,
      system: SYSTEM,
      ask: 'What is the user doing right now?',
      offline,
      maxTokens: 150,
    });
    this.deps.tasks.saveTheory(workSession.id, now, result.text.trim().slice(0, 1000), result.engine, result.fallbackReason);
    workSession.lastTheoryAtMs = now;
    this.deps.events.emit('context:session-updated', { workSessionId: workSession.id, at: iso(now), reason: 'theory' });
  }
}
