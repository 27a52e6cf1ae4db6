import type { LlmClient, LlmPurpose, LlmResult, OfflineAnswer } from '../../llm/llm-client';
import type { LlmContextService } from '../llm-context-service';
import type { WorkSessionState } from './work-session-tracker';

export interface MemoryCallRequest {
  readonly purpose: LlmPurpose;
  readonly state: WorkSessionState;
  readonly now: number;
  readonly system: string;
  readonly ask: string;
  readonly offline: OfflineAnswer;
  readonly maxTokens: number;
}

export type MemoryCall = (request: MemoryCallRequest) => Promise<LlmResult>;

/** One memory LLM call: its LLM context, a stored receipt, and the offline answer on any failure. */
export function memoryLlmCall(llm: Pick<LlmClient, 'complete'>, llmContext: LlmContextService): MemoryCall {
  return async ({ purpose, state, now, system, ask, offline, maxTokens }) => {
    const { llmContext: assembled, receiptId } = llmContext.assembleWithReceipt(purpose, state, now);
    const result = await llm.complete(
      {
        purpose,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: `${assembled.text}\n\n${ask}` },
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
