import type { Evidence } from '../../shared/contract/evidence';
import type { RecallEngine } from '../recall/recall-engine';

export interface OfflineReply {
  readonly text: string;
  readonly evidence: readonly Evidence[];
}

/**
 * The reply when no model answers: the recall engine's answer from what was observed (src/core/recall/),
 * in Markdown with its evidence.
 */
export class OfflineAssistant {
  constructor(private readonly recall: RecallEngine) {}

  reply(question: string, nowMs: number): OfflineReply {
    const { markdown, evidence } = this.recall.answer(question, nowMs);
    return { text: markdown, evidence };
  }
}
