import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import { TOKEN_BUDGETS, type LlmContext } from '../memory/llm-context-assembly';
import { fitsInterviewBudget, INTERVIEW_SUMMARY_MAX_TOKENS } from '../memory/interview';
import type { ShadowCore } from '../shadow-core';
import { localDayBounds } from '../time';
import { DomainError, notFound } from '../errors';
import { viewScope } from '../sync/device-filter';
import { dayInView } from './day-in-view';
import { threadsIn } from '../understanding/day-threads';
import { threadSources } from './thread-sources';

type Op<K extends keyof Operations> = (
  input: OperationParsedInput<Operations[K]>,
) => OperationOutput<Operations[K]> | Promise<OperationOutput<Operations[K]>>;

export function memoryHandlers(core: ShadowCore) {
  const { memory } = core;
  const question = <T>(id: number, value: T | null): T => {
    if (value === null) throw notFound(`Question ${id}`);
    return value;
  };

  const dayOverview: Op<'dayOverview'> = ({ date, device }) => {
    const day = date ?? dayInView(core).date;
    const window = localDayBounds(day);
    const scope = viewScope(core.sync, device);
    core.observer.flushOpenSpan();
    return {
      date: day,
      workSessionId: null,
      ...core.activity.scoped(scope).appTime({ window }),
      tasks: memory.repositories.tasks.scoped(scope).listTasksIn(window),
      threads: threadsIn(threadSources(core, scope), window, core.clock.now()),
      latestSummary: memory.repositories.summaries.scoped(scope).latestIn(window),
    };
  };
  const getWorkSession: Op<'getWorkSession'> = ({ id }) => {
    const detail = memory.workSessionDetail(id);
    if (!detail) throw notFound(`Work session ${id}`);
    return detail;
  };
  const assembledContext: Op<'assembledContext'> = ({ purpose }) => toView(memory.llmContext.preview(purpose));
  const listContextReceipts: Op<'listContextReceipts'> = ({ limit, workSessionId }) => ({
    receipts: memory.repositories.receipts.list(limit, workSessionId),
  });
  const listQuestions: Op<'listQuestions'> = ({ status, limit }) => ({
    questions: memory.questions.list(status, limit),
  });
  const answerQuestion: Op<'answerQuestion'> = ({ id, answer }) => question(id, memory.questions.answer(id, answer));
  const dismissQuestion: Op<'dismissQuestion'> = ({ id }) => question(id, memory.questions.dismiss(id));
  const snoozeQuestion: Op<'snoozeQuestion'> = ({ id, minutes }) => question(id, memory.questions.snooze(id, minutes));
  const getInterview: Op<'getInterview'> = () => memory.interview.view();
  const putInterviewAnswers: Op<'putInterviewAnswers'> = ({ answers }) => memory.interview.saveAnswers(answers);
  const putInterviewSummary: Op<'putInterviewSummary'> = ({ text }) => {
    if (!fitsInterviewBudget(text.trim())) {
      throw new DomainError(
        'invalid',
        'too_long',
        `The interview summary is limited to ${INTERVIEW_SUMMARY_MAX_TOKENS} tokens; shorten it and try again.`,
      );
    }
    return memory.interview.setSummary(text);
  };
  const getGuide: Op<'getGuide'> = () => memory.guide();

  return {
    dayOverview,
    getWorkSession,
    assembledContext,
    listContextReceipts,
    listQuestions,
    answerQuestion,
    dismissQuestion,
    snoozeQuestion,
    getInterview,
    putInterviewAnswers,
    putInterviewSummary,
    getGuide,
  };
}

/**
 * The API shows what a call would see; images stay in the process (only their frames are listed).
 * The wire names the work-session tier `session`.
 */
function toView(llmContext: LlmContext): OperationOutput<Operations['assembledContext']> {
  return {
    immediate: {
      currentState: llmContext.immediate.currentState,
      frames: [...llmContext.immediate.frames],
      imagesAttached: llmContext.immediate.images.length > 0,
    },
    session: llmContext.workSession,
    history: llmContext.history,
    baseline: llmContext.baseline,
    text: llmContext.text,
    budgets: {
      session: TOKEN_BUDGETS.workSession,
      history: TOKEN_BUDGETS.history,
      baseline: TOKEN_BUDGETS.baseline,
      totalText: TOKEN_BUDGETS.totalText,
    },
    receipt: { id: null, ...llmContext.receipt },
  };
}
