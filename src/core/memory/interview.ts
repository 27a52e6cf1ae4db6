import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { tokenCount, truncateToTokens } from '../llm/tokens';
import { messageOf } from '../util/message-of';

/** The onboarding interview: what the wizard asks (ids are stable; answers are stored by id). */
export const INTERVIEW_QUESTIONS = [
  {
    id: 'role',
    prompt: 'What is your role, and what does a good week look like in it?',
    hint: 'e.g. Accounts payable clerk; month-end close without late payments',
  },
  {
    id: 'team',
    prompt: 'Which team are you on, and who do you work with most?',
    hint: 'e.g. Finance operations, with the controller and two AP clerks',
  },
  { id: 'systems', prompt: 'Which systems and apps do you use for your work?', hint: 'e.g. Excel, the bank portal, SAP, Outlook' },
  { id: 'responsibilities', prompt: 'What are you responsible for?', hint: 'e.g. vendor invoices, payment runs, bank reconciliation' },
  {
    id: 'recurring-tasks',
    prompt: 'Which tasks come back every day, week or month?',
    hint: 'e.g. daily bank reconciliation, weekly payment run, month-end accruals',
  },
  { id: 'never-observe', prompt: 'Which apps or windows should never be observed?', hint: 'e.g. personal email, the HR portal' },
] as const;

export const INTERVIEW_SUMMARY_MAX_TOKENS = 500;

const LABELS: Record<string, string> = {
  role: 'Role',
  team: 'Team',
  systems: 'Systems',
  responsibilities: 'Responsibilities',
  'recurring-tasks': 'Recurring tasks',
  'never-observe': 'Never observe',
};

/** The template interview summary: one line per answered question, at most 500 tokens. */
export function offlineInterviewSummary(answers: Record<string, string>): string {
  const lines = Object.entries(answers)
    .filter(([, a]) => a.trim() !== '')
    .sort(([a], [b]) => order(a) - order(b))
    .map(([id, a]) => `${interviewAnswerLead(id)} ${a.trim().replace(/\s+/g, ' ')}`);
  return truncateToTokens(lines.join('\n'), INTERVIEW_SUMMARY_MAX_TOKENS);
}

/** What goes before an answer: "Role:" for the wizard's questions, any other question as asked ("Who do you work with most?"). */
export function interviewAnswerLead(id: string): string {
  const label = LABELS[id] ?? interviewQuestionLabel(id);
  return label.endsWith('?') ? label : `${label}:`;
}

function order(id: string): number {
  const i = INTERVIEW_QUESTIONS.findIndex((q) => q.id === id);
  return i === -1 ? INTERVIEW_QUESTIONS.length : i;
}

export function fitsInterviewBudget(text: string): boolean {
  return tokenCount(text) <= INTERVIEW_SUMMARY_MAX_TOKENS;
}

const answersRecord = z.record(z.string().min(1).max(300), z.string().max(4000));

const ID_BY_PROMPT: ReadonlyArray<[RegExp, string]> = [
  [/never be observed|never observe|must not be observed/i, 'never-observe'],
  [/recurring/i, 'recurring-tasks'],
  [/responsib/i, 'responsibilities'],
  [/systems|apps do you use/i, 'systems'],
  [/\bteam\b/i, 'team'],
  [/\brole\b/i, 'role'],
];

/**
 * A seed may key answers by question id or by the question's wording: the wizard's questions map to
 * their stable ids; any other question is kept in its own words, so the guide can show it as asked.
 */
export function interviewIdFor(key: string): string {
  if (INTERVIEW_QUESTIONS.some((q) => q.id === key)) return key;
  const known = ID_BY_PROMPT.find(([pattern]) => pattern.test(key));
  if (known) return known[1];
  return key.replace(/\s+/g, ' ').trim() || 'note';
}

/** The question an answer belongs to, as people read it: the wizard's wording, an extra question's own, or its key made readable. */
function interviewQuestionLabel(id: string): string {
  const asked = INTERVIEW_QUESTIONS.find((q) => q.id === id);
  if (asked) return asked.prompt;
  if (/\s/.test(id)) return id;
  return capitalize(id.replace(/[-_]+/g, ' '));
}
const seedFileSchema = z.union([
  z.object({ answers: answersRecord, summary: z.string().max(8000).optional() }).loose(),
  z
    .object({
      answers: z.array(z.object({ id: z.string().min(1).max(60), answer: z.string().max(4000) })),
      summary: z.string().max(8000).optional(),
    })
    .loose(),
  z
    .object({
      questions: z.array(z.object({ id: z.string().min(1).max(60), answer: z.string().max(4000) }).loose()),
      summary: z.string().max(8000).optional(),
    })
    .loose(),
  answersRecord,
]);

/** Reads a demo profile's `interview.json` (answers by question id, optionally a summary). */
export function readInterviewSeed(file: string): { answers: Record<string, string>; summary: string | null } | null {
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The interview seed ${file} is not valid JSON (${messageOf(error)}). Fix or remove it.`);
  }
  const parsed = seedFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `The interview seed ${file} has an unknown shape: ${parsed.error.issues[0]?.message}. Expected {"answers": {"role": "…"}}.`,
    );
  const data = parsed.data as Record<string, unknown>;
  const list = data.answers ?? data.questions;
  const answers = Array.isArray(list)
    ? Object.fromEntries((list as Array<{ id: string; answer: string }>).map((a) => [a.id, a.answer]))
    : ((list as Record<string, string> | undefined) ?? (data as Record<string, string>));
  const summary = typeof data.summary === 'string' ? data.summary : null;
  const byId = Object.entries(answers)
    .filter(([k, v]) => typeof v === 'string' && k !== 'summary')
    .map(([k, v]) => [interviewIdFor(k), v] as const);
  return { answers: Object.fromEntries(byId), summary };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
