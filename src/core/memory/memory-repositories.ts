import type { Db } from '../store/database';
import { MemoryInterviewRepository } from '../store/repositories/memory-interview-repository';
import { MemoryQuestionRepository } from '../store/repositories/memory-question-repository';
import { MemoryReceiptRepository } from '../store/repositories/memory-receipt-repository';
import { MemorySummaryRepository } from '../store/repositories/memory-summary-repository';
import { MemoryTaskRepository } from '../store/repositories/memory-task-repository';

/** The memory tables, each behind its repository. */
export interface MemoryRepositories {
  readonly tasks: MemoryTaskRepository;
  readonly summaries: MemorySummaryRepository;
  readonly questions: MemoryQuestionRepository;
  readonly interview: MemoryInterviewRepository;
  readonly receipts: MemoryReceiptRepository;
}

export function memoryRepositories(db: Db): MemoryRepositories {
  return {
    tasks: new MemoryTaskRepository(db),
    summaries: new MemorySummaryRepository(db),
    questions: new MemoryQuestionRepository(db),
    interview: new MemoryInterviewRepository(db),
    receipts: new MemoryReceiptRepository(db),
  };
}
