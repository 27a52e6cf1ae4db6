import type { RedactionChannel } from '../../shared/contract/privacy';
import type { LlmCallRecord, PrivacyRepository } from '../store/repositories/privacy-repository';
import { localDateOf } from '../time';
import type { RedactionCounts } from './redactor';

export const metric = {
  redacted: (channel: RedactionChannel, kind: string) => `redacted:${channel}:${kind}`,
  frameDropped: (reason: string) => `frames-dropped:${reason}`,
  regionsBlackedOut: 'regions-blacked-out',
} as const;

/**
 * Writes what the privacy report counts, per local day: how many strings were redacted where, frames
 * dropped, windows blacked out, and each LLM call. Counts and sizes only: no value is ever passed in.
 */
export class PrivacyLedger {
  constructor(private readonly repository: PrivacyRepository) {}

  redactions(channel: RedactionChannel, counts: RedactionCounts, atMs: number): void {
    const day = localDateOf(atMs);
    for (const [kind, n] of Object.entries(counts)) this.repository.add(day, metric.redacted(channel, kind), n);
  }

  frameDropped(reason: string, atMs: number): void {
    this.repository.add(localDateOf(atMs), metric.frameDropped(reason));
  }

  regionsBlackedOut(count: number, atMs: number): void {
    this.repository.add(localDateOf(atMs), metric.regionsBlackedOut, count);
  }

  llmCall(call: LlmCallRecord): void {
    this.repository.recordLlmCall(call);
  }
}
