import type { Interview } from '../../shared/contract/memory';
import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { LlmClient, RecordCallReceipt } from '../llm/llm-client';
import { tokenCount, truncateToTokens } from '../llm/tokens';
import type { MemoryInterviewRepository } from '../store/repositories/memory-interview-repository';
import { INTERVIEW_QUESTIONS, INTERVIEW_SUMMARY_MAX_TOKENS, offlineInterviewSummary, readInterviewSeed } from './interview';

const SYSTEM = `Summarise this onboarding interview as the baseline about the user: role, team, systems, responsibilities, recurring tasks, what never to observe. Plain prose, at most ${INTERVIEW_SUMMARY_MAX_TOKENS - 100} words.`;

export interface InterviewServiceDeps {
  readonly interview: MemoryInterviewRepository;
  readonly llm: Pick<LlmClient, 'complete'>;
  readonly clock: Clock;
  readonly events: EventBus;
  /** The baseline changed: history is loaded again for the next call. */
  readonly onChanged: () => void;
  /** Stores the receipt of the summary call. */
  readonly receipts: RecordCallReceipt;
}

/** The onboarding interview: its questions and answers, and the summary the baseline tier uses. */
export class InterviewService {
  constructor(private readonly deps: InterviewServiceDeps) {}

  view(): Interview {
    return {
      questions: INTERVIEW_QUESTIONS.map((q) => ({ ...q })),
      answers: this.deps.interview.answers(),
      summary: this.deps.interview.summary(),
    };
  }

  /** Saves answers and rebuilds the summary (LLM when configured, else the template) unless the user edited it. */
  async saveAnswers(answers: Record<string, string>): Promise<Interview> {
    const { interview, clock, events } = this.deps;
    const now = clock.now();
    interview.saveAnswers(answers, now);
    events.emit('interview:answered', { answers: interview.answers() });
    if (!interview.summary()?.edited) await this.rebuildSummary(now);
    this.deps.onChanged();
    return this.view();
  }

  /** The user's own summary (≤500 tokens); an empty text goes back to the generated one. */
  async setSummary(text: string): Promise<Interview> {
    const now = this.deps.clock.now();
    const own = text.trim();
    if (own === '') await this.rebuildSummary(now);
    else if (tokenCount(own) > INTERVIEW_SUMMARY_MAX_TOKENS) {
      throw new Error(
        `The interview summary is limited to ${INTERVIEW_SUMMARY_MAX_TOKENS} tokens (this one has ${tokenCount(own)}); shorten it and try again.`,
      );
    } else this.deps.interview.saveSummary(own, tokenCount(own), 'user', now);
    this.deps.onChanged();
    return this.view();
  }

  /**
   * A demo profile's `interview.json` becomes the answers (and summary) when the interview has none
   * yet. Throws when the file is unreadable.
   */
  seedFrom(file: string): void {
    const { interview, clock } = this.deps;
    if (Object.keys(interview.answers()).length > 0) return;
    const seed = readInterviewSeed(file);
    if (!seed) return;
    const now = clock.now();
    interview.saveAnswers(seed.answers, now);
    const text = truncateToTokens(seed.summary?.trim() || offlineInterviewSummary(seed.answers), INTERVIEW_SUMMARY_MAX_TOKENS);
    interview.saveSummary(text, tokenCount(text), 'offline', now);
  }

  private async rebuildSummary(now: number): Promise<void> {
    const { interview, llm } = this.deps;
    const answers = interview.answers();
    if (Object.keys(answers).length === 0) {
      interview.clearSummary();
      return;
    }
    const transcript = INTERVIEW_QUESTIONS.filter((q) => answers[q.id])
      .map((q) => `Q: ${q.prompt}\nA: ${answers[q.id]}`)
      .join('\n\n');
    const result = await llm.complete(
      {
        purpose: 'interview',
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: transcript },
        ],
        maxTokens: INTERVIEW_SUMMARY_MAX_TOKENS + 100,
      },
      () => offlineInterviewSummary(answers),
    );
    this.deps.receipts(
      {
        purpose: 'interview',
        atMs: now,
        included: [
          {
            tier: 'conversation',
            label: `${INTERVIEW_QUESTIONS.filter((q) => answers[q.id]).length} interview answers`,
            tokens: tokenCount(transcript),
          },
        ],
      },
      result,
    );
    const text = truncateToTokens(result.text.trim(), INTERVIEW_SUMMARY_MAX_TOKENS);
    interview.saveSummary(text, tokenCount(text), result.engine, now);
  }
}
