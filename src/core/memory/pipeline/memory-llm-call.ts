import type { LlmClient, LlmPurpose, LlmResult, OfflineAnswer } from '../../llm/llm-client';
import { observedUserContent, withObservedDataRule } from '../../llm/observed-data';
import type { LlmContextService } from '../llm-context-service';
import type { WorkSessionState } from './work-session-tracker';

export interface MemoryCallRequest {
  readonly purpose: LlmPurpose;
  readonly state: WorkSessionState;
  readonly now: number;
  /** The call's instructions (ours only: nothing observed goes here). */
  readonly system: string;
  /** What is asked of the model, after the observed block (ours only too). */
  readonly ask: string;
  /** Observed text beyond the LLM context (what the question is about), into the same block. */
  readonly observed?: string;
  readonly offline: OfflineAnswer;
  readonly maxTokens: number;
}

export type MemoryCall = (request: MemoryCallRequest) => Promise<LlmResult>;

/**
 * One memory LLM call: its LLM context, a stored receipt, and the offline answer on any failure. The
 * LLM context and anything else observed go in the user message's observed block (observed-data.ts).
 */
export function memoryLlmCall(llm: Pick<LlmClient, 'complete'>, llmContext: LlmContextService): MemoryCall {
  return async ({ purpose, state, now, system, ask, observed, offline, maxTokens }) => {
    const { llmContext: assembled, receiptId } = llmContext.assembleWithReceipt(purpose, state, now);
    const result = await llm.complete(
      {
        purpose,
        messages: [
          { role: 'system', content: withObservedDataRule(system) },
          { role: 'user', content: observedUserContent([assembled.text, observed ?? ''], ask) },
        ],
        images: assembled.immediate.images,
        maxTokens,
        temperature: 0.2,
      },
      offline,
    );
    llmContext.recordOutcome(receiptId, result);
    return result;
  };
}
