import type { ContextSets } from '../../shared/contract/context-sets';
import type { SessionStatus } from '../../shared/contract/sessions';
import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { LlmClient, RecordCallReceipt } from '../llm/llm-client';
import type { RecallEngine } from '../recall/recall-engine';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import type { SessionContinuations } from '../store/repositories/session-continuation';
import type { SessionRepository } from '../store/repositories/session-repository';
import type { LlmContextProvider } from './system-prompt';
import type { DeviceScope } from '../store/repositories/device-repository';

export interface SessionServiceDeps {
  readonly repo: SessionRepository;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  /** Answers questions about the observed day (offline replies, and the evidence the LLM is given). */
  readonly recall: RecallEngine;
  readonly llm: LlmClient;
  /** The user's time: turns, titles, pauses and "last active" are stamped by it. */
  readonly clock: Clock;
  /**
   * The observed day's time, when it runs apart from the user's (a replayed day's virtual clock):
   * answers about "today" and "since the pause" read the observed day at its now. Defaults to `clock`.
   */
  readonly observedClock?: Clock;
  readonly events?: EventBus;
  /** The LLM context of the user's work, appended to the instructions each turn. */
  readonly llmContext: LlmContextProvider;
  /** Stores the receipt of a call made without an LLM context: TOC lines, titles, replies with no model. */
  readonly receipts?: RecordCallReceipt;
  /** The focused app and window right now (recorded with each prompt). */
  readonly currentWindow: () => { app: string | null; title: string | null };
  readonly instructions?: string;
  /** Tokens of history the model's window leaves room for. */
  readonly historyTokens?: number;
  /** Lines other features add to the resume block for a session (context sets). */
  readonly resumeExtras?: (sessionId: string) => readonly string[];
  /**
   * Runs a repair write now, or again once the store can be written (a reply the store failed under is
   * marked interrupted even when that mark cannot be written at once).
   */
  readonly repair?: (write: () => void) => void;
  /** The sessions' context sets, carried by export and import. */
  readonly contextSets?: {
    read(sessionId: string): ContextSets;
    restore(sessionId: string, sets: ContextSets): void;
  };
  /** Which device each conversation belongs to (another device's is read-only) and its continuations here. */
  readonly continuations?: SessionContinuations;
}

export interface SearchAllFilter {
  readonly q: string;
  readonly type?: string;
  readonly status?: SessionStatus;
  readonly from?: string;
  readonly to?: string;
  readonly screen: boolean;
  /** One device's conversations and screen text (a device key), or every device's (null or absent). */
  readonly device?: DeviceScope;
  readonly limit: number;
  /** The `nextCursor` of the page before. */
  readonly cursor?: string;
}
