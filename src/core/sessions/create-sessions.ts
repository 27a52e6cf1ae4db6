import type { Clock } from '../clock';
import { contextSetsForSessions, type ContextSetService } from '../context-sets/context-set-service';
import type { EventBus } from '../events';
import type { LlmClient } from '../llm/llm-client';
import type { Memory } from '../memory/create-memory';
import type { Observer } from '../observe/observer';
import type { RecallEngine } from '../recall/recall-engine';
import type { Db } from '../store/database';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { SessionContinuations } from '../store/repositories/session-continuation';
import { SessionRepository } from '../store/repositories/session-repository';
import type { WritabilityMonitor } from '../store/writability-monitor';
import { SessionService } from './session-service';

export interface SessionsDeps {
  readonly db: Db;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly recall: RecallEngine;
  readonly llm: LlmClient;
  /** The user's time (turns are stamped when they were really sent). */
  readonly clock: Clock;
  /** The observed day's time (a replay's clock while a recorded day plays). */
  readonly observedClock: Clock;
  readonly events: EventBus;
  readonly memory: Pick<Memory, 'llmContext'>;
  readonly observer: Pick<Observer, 'immediateContext'>;
  readonly writability: Pick<WritabilityMonitor, 'repair'>;
  readonly contextSets: ContextSetService;
}

/**
 * Conversations with the assistant, built from what they need: the store's session tables, recall for
 * answers, memory's LLM context for each turn and a receipt for each call, the focused window for each
 * prompt, and the context sets they carry.
 */
export function createSessions(deps: SessionsDeps): SessionService {
  const { memory, observer } = deps;
  return new SessionService({
    repo: new SessionRepository(deps.db),
    activity: deps.activity,
    screenText: deps.screenText,
    recall: deps.recall,
    llm: deps.llm,
    clock: deps.clock,
    observedClock: deps.observedClock,
    events: deps.events,
    llmContext: () => {
      const { llmContext: assembled, receiptId } = memory.llmContext.forCall('chat');
      return {
        text: assembled.text,
        images: assembled.immediate.images,
        settle: (result, parts) => memory.llmContext.recordOutcome(receiptId, result, parts),
      };
    },
    receipts: (call, result) => memory.llmContext.recordCall(call, result),
    currentWindow: () => {
      const now = observer.immediateContext();
      return { app: now.currentApp, title: now.currentWindowTitle };
    },
    repair: (write) => deps.writability.repair(write),
    continuations: new SessionContinuations(deps.db),
    ...contextSetsForSessions(deps.contextSets, { announceResume: true }),
  });
}
