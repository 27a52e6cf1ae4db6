import type { Question } from '../../shared/contract/memory';
import { iso, type Clock } from '../clock';
import type { EventBus } from '../events';
import type { MemoryQuestionRepository } from '../store/repositories/memory-question-repository';

export interface QuestionInboxDeps {
  readonly questions: MemoryQuestionRepository;
  readonly clock: Clock;
  readonly events: EventBus;
  /** An answer teaches memory something: history is loaded again for the next call. */
  readonly onAnswered: () => void;
}

/** The user's side of clarifying questions: list, answer, dismiss, ask me later. `null` when there is no such question. */
export class QuestionInbox {
  constructor(private readonly deps: QuestionInboxDeps) {}

  list(status: Question['status'] | 'all', limit: number): Question[] {
    return this.deps.questions.list(status, limit, this.deps.clock.now());
  }

  answer(id: number, answer: string): Question | null {
    const { questions, clock, events } = this.deps;
    if (!questions.get(id)) return null;
    questions.answer(id, answer.trim(), clock.now());
    this.deps.onAnswered();
    const q = questions.get(id)!;
    if (q.workSessionId !== null)
      events.emit('context:session-updated', { workSessionId: q.workSessionId, at: iso(clock.now()), reason: 'answer' });
    return q;
  }

  dismiss(id: number): Question | null {
    if (!this.deps.questions.get(id)) return null;
    this.deps.questions.dismiss(id);
    return this.deps.questions.get(id);
  }

  snooze(id: number, minutes: number): Question | null {
    if (!this.deps.questions.get(id)) return null;
    this.deps.questions.snooze(id, this.deps.clock.now() + minutes * 60_000);
    return this.deps.questions.get(id);
  }
}
