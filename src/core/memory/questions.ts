import type { WorkflowDeviation } from '../../shared/contract/workflows';
import { formatDuration } from '../../shared/format-duration';
import type { SpanLike } from './task-segmentation';
import { cleanTitle } from './task-segmentation';

export interface QuestionCandidate {
  /** `switching`, `export`, `new-app`. */
  readonly trigger: string;
  /** What it is about, normalized: the same subject is never asked about twice. */
  readonly subject: string;
  readonly text: string;
  /** What was seen, for an LLM to word the question itself. */
  readonly observation: string;
}

export interface QuestionScene {
  readonly nowMs: number;
  readonly workSessionStartMs: number;
  /** App spans of the last `SWITCH_WINDOW_MS`, oldest first. */
  readonly recentSpans: readonly SpanLike[];
  readonly currentApp: string;
  readonly currentTitle: string;
  /** When the current app first appeared in this work session. */
  readonly appFirstSeenInWorkSessionMs: number;
  /** Whether the app was used in any earlier work session. */
  readonly appSeenBefore: boolean;
  /** Whether anything was observed before this work session (on the very first day every app is new). */
  readonly hasEarlierWorkSessions: boolean;
}

export const SWITCH_WINDOW_MS = 10 * 60_000;
const MIN_SWITCHES = 6;
const SIMILAR = 0.7;
const EXPORT_TITLE = /\b(export(ed|ing)?|save as|print(ing)?|pdf)\b|\.pdf\b/i;

/** Questions worth asking about what is on screen now, most specific first. */
export function proposeQuestions(scene: QuestionScene): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  const pair = mostSwitchedPair(scene.recentSpans);
  if (pair && pair.switches >= MIN_SWITCHES) {
    const window = formatDuration(SWITCH_WINDOW_MS / 1000);
    out.push({
      trigger: 'switching',
      subject: [pair.a.key, pair.b.key].sort().join(' <> ').toLowerCase(),
      text: `You switched between ${pair.a.label} and ${pair.b.label} ${pair.switches} times in ${window} — what are you working on across them?`,
      observation: `The user switched between ${pair.a.label} and ${pair.b.label} ${pair.switches} times in the last ${window}.`,
    });
  }
  if (EXPORT_TITLE.test(scene.currentTitle)) {
    const title = cleanTitle(scene.currentTitle, scene.currentApp) || scene.currentTitle;
    const what = /export|save as|print/i.test(title) ? 'this export' : 'this document';
    out.push({
      trigger: 'export',
      subject: normalizeQuestion(`${scene.currentApp} ${title}`),
      text: `I just saw “${title}” in ${scene.currentApp} — what is ${what} for, and where does it go next?`,
      observation: `The user has the window “${title}” open in ${scene.currentApp}, which looks like an export, a PDF or printing.`,
    });
  }
  if (
    scene.hasEarlierWorkSessions &&
    !scene.appSeenBefore &&
    scene.appFirstSeenInWorkSessionMs - scene.workSessionStartMs >= SWITCH_WINDOW_MS
  ) {
    out.push({
      trigger: 'new-app',
      subject: scene.currentApp.toLowerCase(),
      text: `You opened ${scene.currentApp} for the first time — what do you use it for in your work?`,
      observation: `The user opened ${scene.currentApp} (window “${scene.currentTitle}”), an app never seen before.`,
    });
  }
  return out;
}

const DEVIATION_ASKS: Readonly<Record<WorkflowDeviation['kind'], string>> = {
  slower: 'What held it up?',
  skipped_step: 'Why not this time?',
  new_step: 'What was different about it?',
};

/** A question per way today's work left its usual workflow (a step skipped, a new step, twice the usual time); each once. */
export function deviationQuestions(deviations: readonly WorkflowDeviation[]): QuestionCandidate[] {
  return deviations.map((d) => ({
    trigger: 'workflow',
    subject: `${d.item} ${d.kind} ${d.step}`.toLowerCase(),
    text: `${d.text} ${DEVIATION_ASKS[d.kind]}`,
    observation: `Today's work left its usual workflow: ${d.text}`,
  }));
}

function mostSwitchedPair(spans: readonly SpanLike[]) {
  const sequence: Array<{ key: string; label: string }> = [];
  for (const s of spans) {
    if (s.kind !== 'app') continue;
    const title = cleanTitle(s.title ?? '', s.app ?? '');
    const key = `${s.app ?? ''}: ${title}`;
    if (sequence.at(-1)?.key !== key) sequence.push({ key, label: title ? `“${title}”` : (s.app ?? 'an app') });
  }
  const counts = new Map<string, { a: (typeof sequence)[number]; b: (typeof sequence)[number]; switches: number }>();
  for (let i = 1; i < sequence.length; i++) {
    const id = [sequence[i - 1]!.key, sequence[i]!.key].sort().join('\u0000');
    // Name the windows in the order the user first went between them.
    const entry = counts.get(id) ?? { a: sequence[i - 1]!, b: sequence[i]!, switches: 0 };
    entry.switches++;
    counts.set(id, entry);
  }
  return [...counts.values()].sort((x, y) => y.switches - x.switches)[0] ?? null;
}

/** Lower case, no digits or punctuation, single spaces: "14 times" and "9 times" read the same. */
export function normalizeQuestion(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[0-9]+/g, ' ')
    .replace(/[^\p{L}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const STOP_WORDS = new Set(
  'the and you your are was were what why how which who for this that with from into about across them they their have has had does did just times time minutes minute last there here its our out can could would should will while when then'.split(
    ' ',
  ),
);

/** Jaccard similarity of the content words (3+ letters, no stop words) of two normalized texts. */
export function questionSimilarity(a: string, b: string): number {
  const words = (t: string): Set<string> =>
    new Set(
      t
        .split(' ')
        .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
        .map(stem),
    );
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return a === b ? 1 : 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

/** A crude English stem, enough that "switched" and "switching" count as the same word. */
function stem(word: string): string {
  return word.length > 4 ? word.replace(/(ing|ed|es|s)$/, '') : word;
}

/** True when a question like this was asked before: same normalized text, same subject, or similar words. */
export function isRepeatQuestion(
  candidate: { normalized: string; trigger: string; subject: string },
  asked: ReadonlyArray<{ normalized: string; trigger: string; subject: string }>,
): boolean {
  return asked.some(
    (q) =>
      q.normalized === candidate.normalized ||
      (q.trigger === candidate.trigger && q.subject === candidate.subject) ||
      questionSimilarity(q.normalized, candidate.normalized) >= SIMILAR,
  );
}
