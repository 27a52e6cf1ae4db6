import { z } from 'zod';
import { DomainError } from '../../core/errors';
import { tokenCount, truncateToTokens } from '../../core/llm/tokens';

/**
 * An agent's context is as scarce as the model's: every tool answer (its text and `structuredContent`
 * together) stays within a token budget, 4,000 by default, which the `max_tokens` argument may lower.
 */
export const DEFAULT_ANSWER_TOKENS = 4000;
export const MIN_ANSWER_TOKENS = 200;

export const maxTokensArg = z
  .number()
  .int()
  .min(MIN_ANSWER_TOKENS)
  .max(DEFAULT_ANSWER_TOKENS)
  .default(DEFAULT_ANSWER_TOKENS)
  .describe(`Answer within this many tokens, text and structured content together (${MIN_ANSWER_TOKENS}–${DEFAULT_ANSWER_TOKENS})`);

export const cursorArg = z
  .string()
  .regex(/^p\d{1,6}$/, 'a cursor is the page.nextCursor of an earlier answer of this tool')
  .optional()
  .describe('The page.nextCursor of an earlier answer, for the next page');

export interface AnswerBudget {
  readonly maxTokens: number;
}

export interface Answer {
  readonly text: string;
  readonly structured?: Record<string, unknown>;
}

export function cursorOffset(cursor: string | undefined): number {
  return cursor ? Number(cursor.slice(1)) : 0;
}

export const cursorAt = (offset: number): string => `p${offset}`;

/** What an answer weighs for the agent: tokens (cl100k) and bytes of its text and structured content. */
export function answerSize(answer: Answer): { tokens: number; bytes: number } {
  const json = answer.structured === undefined ? '' : JSON.stringify(answer.structured);
  return { tokens: tokenCount(answer.text) + tokenCount(json), bytes: Buffer.byteLength(answer.text) + Buffer.byteLength(json) };
}

/** Tokens a page keeps back for its last line and its `page` object. */
const PAGE_FRAMING = 80;

export interface PageOf<T> {
  readonly items: readonly T[];
  readonly cursor: string | undefined;
  readonly budget: AnswerBudget;
  /** What comes first: on the first page the summary, on later ones a line saying what is paged. */
  readonly head: Answer;
  /** The field of `structured` the page's items go in. */
  readonly key: string;
  readonly line: (item: T) => string;
  readonly data: (item: T) => unknown;
  /** The word for the items, in the last line: "tasks and questions", "turns". */
  readonly noun: string;
  /**
   * When `items` are one page an operation answered (a search), not the whole list: where they start,
   * how many there are in all (`exact` false: at least that many) and the operation's cursor for a
   * later offset. The tool's `cursor` is then the operation's, read by the tool.
   */
  readonly slice?: {
    readonly offset: number;
    readonly total: number;
    readonly exact: boolean;
    readonly cursorAt: (offset: number) => string;
  };
}

/**
 * One page of a list, summary first: the head, then as many items as fit the budget from the cursor on,
 * and `page: { offset, returned, total, nextCursor }` (null when nothing is left). An item larger than
 * the budget still goes alone (`fitToBudget` cuts it), so paging moves on; only a head that leaves no
 * room (a long summary under a low `max_tokens`) makes a page of the head alone, its cursor the first item.
 */
export function pageOf<T>(spec: PageOf<T>): Answer {
  if (spec.slice) return pageOfSlice(spec, spec.slice);
  const offset = cursorOffset(spec.cursor);
  if (offset > spec.items.length)
    throw new DomainError(
      'invalid',
      'bad_cursor',
      `the cursor points past the end (${spec.items.length} ${spec.noun}); start again without one`,
    );
  return pageOfSlice(spec, { offset, total: spec.items.length, exact: true, cursorAt, items: spec.items.slice(offset) });
}

function pageOfSlice<T>(spec: PageOf<T>, slice: NonNullable<PageOf<T>['slice']> & { readonly items?: readonly T[] }): Answer {
  const { offset, total, exact } = slice;
  const items = slice.items ?? spec.items;
  const headTokens = answerSize(spec.head).tokens;
  const roomy = headTokens < spec.budget.maxTokens / 4;
  const lines: string[] = [];
  const data: unknown[] = [];
  let used = headTokens + PAGE_FRAMING;
  for (const item of items) {
    const line = spec.line(item);
    const json = spec.data(item);
    const cost = tokenCount(line) + tokenCount(JSON.stringify(json)) + 2;
    if (used + cost > spec.budget.maxTokens && (lines.length > 0 || !roomy)) break;
    lines.push(line);
    data.push(json);
    used += cost;
  }
  const build = (): Answer => {
    const next = offset + lines.length;
    const nextCursor = next < total ? slice.cursorAt(next) : null;
    const all = exact ? `${total}` : `at least ${total}`;
    const range = lines.length > 0 ? `${spec.noun} ${offset + 1}–${next} of ${all}` : `${all} ${spec.noun}`;
    const last = nextCursor
      ? `(${range}; for ${lines.length > 0 ? 'more' : 'them'}, call again with cursor "${nextCursor}")`
      : offset > 0 || lines.length < total
        ? `(${range}: the last page)`
        : '';
    return {
      text: [spec.head.text, ...lines, last].filter(Boolean).join('\n'),
      structured: {
        ...spec.head.structured,
        [spec.key]: data,
        page: { offset, returned: lines.length, total, ...(!exact && { totalExact: false }), nextCursor },
      },
    };
  };
  let answer = build();
  // Counted item by item; shed the last ones if the whole came out over (never the only one of a roomy page).
  while (lines.length > (roomy ? 1 : 0) && answerSize(answer).tokens > spec.budget.maxTokens) {
    lines.pop();
    data.pop();
    answer = build();
  }
  return answer;
}

const CUT_NOTE = 'cut to fit the answer budget';

/**
 * Any answer within the budget: when a tool's answer is over it (one long turn, a long screen text),
 * its longest strings are halved, then its longest lists, until it fits; the text says it was cut and
 * `structured.budget` says so too. Answers within the budget pass untouched.
 */
export function fitToBudget(answer: Answer, budget: AnswerBudget): { answer: Answer; cut: boolean } {
  if (answerSize(answer).tokens <= budget.maxTokens) return { answer, cut: false };
  const note = `\n[Answer ${CUT_NOTE} of ${budget.maxTokens} tokens: ask for less (a narrower range, the next page) or a larger max_tokens, up to ${DEFAULT_ANSWER_TOKENS}.]`;
  let text = answer.text;
  const structured: unknown = answer.structured === undefined ? undefined : structuredClone(answer.structured);
  const json = (): string => (structured === undefined ? '' : JSON.stringify(structured));
  const cutOnce = (): boolean => {
    const whole = json();
    const longest = longestString(structured);
    // A few long strings are halved; a long list of short ones loses its second half.
    if (text.length >= (longest?.value.length ?? 0) && text.length > 80) text = halve(text);
    else if (longest && longest.value.length > 80 && longest.value.length > whole.length / 4) longest.set(halve(longest.value));
    else if (!halveLongestArray(structured)) {
      if (!longest || longest.value.length <= 80) return false;
      longest.set(halve(longest.value));
    }
    return true;
  };
  // Cheap first (about 3 characters a token, on the safe side), then by the tokenizer.
  while ((text.length + note.length + json().length) / 3 > budget.maxTokens && cutOnce());
  const size = (): number => tokenCount(text) + tokenCount(note) + (structured === undefined ? 0 : tokenCount(json()) + 12);
  while (size() > budget.maxTokens && cutOnce());
  let marked: Record<string, unknown> | undefined =
    structured && typeof structured === 'object' && !Array.isArray(structured)
      ? { ...(structured as Record<string, unknown>), budget: { maxTokens: budget.maxTokens, cut: true } }
      : undefined;
  const rest = (): number =>
    Math.max(0, budget.maxTokens - tokenCount(note) - (marked === undefined ? 0 : tokenCount(JSON.stringify(marked))));
  // Structure that still does not fit (many short fields) gives way to the text, which says the answer.
  if (rest() < Math.min(60, budget.maxTokens / 4))
    marked = { budget: { maxTokens: budget.maxTokens, cut: true, structure: 'left out: it did not fit' } };
  text = truncateToTokens(text, rest()) + note;
  return { answer: { text, structured: marked }, cut: true };
}

function halve(value: string): string {
  const keep = value.slice(0, Math.floor(value.length / 2));
  const space = keep.lastIndexOf(' ');
  return `${space > keep.length * 0.8 ? keep.slice(0, space) : keep}… [${CUT_NOTE}]`;
}

type StringSlot = { value: string; set: (value: string) => void };

function longestString(node: unknown): StringSlot | null {
  let best: StringSlot | null = null;
  const visit = (value: unknown, set: (v: string) => void): void => {
    if (typeof value === 'string') {
      if (!best || value.length > best.value.length) best = { value, set };
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, (s) => (value[i] = s)));
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) visit(record[key], (s) => (record[key] = s));
    }
  };
  visit(node, () => undefined);
  return best;
}

function halveLongestArray(node: unknown): boolean {
  let best: unknown[] | null = null;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      if (value.length > 1 && (!best || value.length > best.length)) best = value;
      value.forEach(visit);
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(node);
  if (!best) return false;
  const array = best as unknown[];
  array.splice(Math.ceil(array.length / 2));
  return true;
}
