/**
 * The shapes of a question about workflows across days, in everyday wording: how work usually goes, how
 * long it takes, what went differently, which workflows there are. Recall reads a question of one of
 * these shapes as the `workflow` intent (src/core/recall/question-understanding.ts).
 */
export type WorkflowIntent = 'usual' | 'duration' | 'different' | 'list';

const DIFFERENT =
  /\b(?:differently|different (?:from|than|to) (?:usual|normal|normally|always)|unusual(?:ly)?|out of the ordinary|what changed|not (?:the|as) usual|deviat\w*|than usual|break (?:from|with) (?:my )?routine)\b/i;
const DURATION =
  /\bhow long (?:does|do|would|will|should|is)\b[^?]*\b(?:take|last)\b|\bhow (?:much time|long) (?:do|does) (?:i|it)\b[^?]*\b(?:spend|take|need)\b|\b(?:typical|usual|normal|average) (?:time|duration|length)\b|\bhow long (?:an?|the)\b[^?]*\b(?:takes|lasts)\b/i;
const USUAL =
  /\bhow (?:do|would|should) i (?:usually |normally |typically |generally )?\w+|\bhow (?:is|are) (?:an?|the|my)?\s*[\w-]+s? (?:usually |normally )?(?:handled|processed|done|dealt with|worked)\b|\b(?:usual|normal|typical|standard) (?:way|procedure|process|steps|workflow|routine)\b|\bsteps?\b[^?]*\b(?:for|to|of)\b|\bprocedures?\b|\bwalk me through (?:how|the)\b|\bwhat do i (?:usually |normally )?do (?:with|for|when)\b|\bwhat'?s my (?:process|workflow|routine)\b/i;
const LIST =
  /\b(?:my|the|which|what) (?:work ?flows|recurring work|routines)\b|\bwhat (?:work|tasks) (?:repeat|recur)s?\b|\bwork ?flows?\b/i;

/** Any question about workflows. */
export const WORKFLOW_QUESTION = new RegExp([DIFFERENT, DURATION, USUAL, LIST].map((r) => r.source).join('|'), 'i');

/** What a question about workflows asks, or null when it asks something else. */
export function workflowIntent(question: string): WorkflowIntent | null {
  if (DIFFERENT.test(question)) return 'different';
  if (DURATION.test(question)) return 'duration';
  if (USUAL.test(question)) return 'usual';
  if (LIST.test(question)) return 'list';
  return null;
}
