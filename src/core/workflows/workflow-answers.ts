import type { Evidence } from '../../shared/contract/evidence';
import type { Workflow, WorkflowDeviation, WorkflowStep } from '../../shared/contract/workflows';
import { formatDuration } from '../../shared/format-duration';
import { iso } from '../clock';
import { localDateOf } from '../time';
import { familyOfWord } from '../understanding/extract/identifiers';
import { kindTitle } from './discover-workflows';
import { stepLine, usualSteps } from './workflow-procedures';
import { workflowIntent } from './workflow-question';

/** An answer in Markdown with its evidence (the recall engine's answer shape). */
export interface WorkflowAnswer {
  readonly markdown: string;
  readonly evidence: readonly Evidence[];
  readonly answered: boolean;
}

const YESTERDAY = /\byesterday\b/i;

const STOP = new Set(
  'how do does did i my me the a an is are to of for with in on at it usually normally typically generally take takes long what when which way steps step process procedure workflow workflows today yesterday time usual normal handle handled deal work'.split(
    ' ',
  ),
);

const stem = (word: string): string => word.toLowerCase().replace(/(?:'s|ies|es|s|ing|ed)$/, (m) => (m === 'ies' ? 'y' : ''));

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOP.has(w));
}

/** The workflow (and the step of it) a question names: by the kind of item, or by the words of a step. */
export function workflowNamed(question: string, workflows: readonly Workflow[]): { workflow: Workflow; step: WorkflowStep | null } | null {
  const asked = words(question);
  const families = new Set(asked.map((w) => familyOfWord(w)).filter((f): f is string => f !== null));
  const stems = new Set(asked.map(stem));
  let best: { workflow: Workflow; step: WorkflowStep | null; score: number } | null = null;
  for (const w of workflows) {
    const kind = w.kind.toLowerCase();
    let score = families.has(kind) || stems.has(stem(kind)) ? 3 : 0;
    let step: WorkflowStep | null = null;
    let stepScore = 0;
    for (const s of w.steps) {
      const own = new Set(words(`${s.name} ${s.where}`).map(stem));
      const hits = [...stems].filter((x) => x.length > 2 && own.has(x)).length;
      if (hits > stepScore) {
        stepScore = hits;
        step = s;
      }
    }
    score += stepScore;
    if (score > 0 && (!best || score > best.score || (score === best.score && w.occurrences.total > best.workflow.occurrences.total)))
      best = { workflow: w, step: stepScore > 0 && score - stepScore < 3 ? step : stepScore >= 2 ? step : null, score };
  }
  return best && { workflow: best.workflow, step: best.step };
}

function stepEvidence(step: WorkflowStep, claim: string): Evidence {
  return {
    claim,
    at: step.example.at,
    until: null,
    app: step.app,
    windowTitle: step.example.title,
    snippet: `${step.example.item}: ${step.example.title}`,
    source: 'window',
    open: { at: step.example.at, screenTextId: step.example.screenTextId },
  };
}

function deviationEvidence(d: WorkflowDeviation): Evidence {
  return {
    claim: d.text,
    at: d.at,
    until: null,
    app: null,
    windowTitle: null,
    snippet: d.text,
    source: d.screenTextId === null ? 'window' : 'screen_text',
    open: { at: d.at, screenTextId: d.screenTextId },
  };
}

const article = (kind: string): string => (/^[aeiou]/i.test(kind) ? `an ${kind}` : `a ${kind}`);
const itemWord = (w: Workflow): string => (/^[A-Z0-9]+$/.test(w.kind) ? `a ${w.kind} item` : article(w.kind));

/** The usual procedure as a numbered list of steps naming their apps, each with a moment. */
function usualAnswer(w: Workflow, range: { from: string; to: string }): WorkflowAnswer {
  const steps = usualSteps(w);
  const usual = w.variants.find((v) => v.usual);
  const lines = [
    `You usually handle ${itemWord(w)} in ${steps.length} steps (seen ${w.occurrences.total} times from ${range.from} to ${range.to}; typically ${formatDuration(w.duration.medianSeconds)} of work):`,
    '',
    ...steps.map((s, i) => stepLine(s, i + 1)),
  ];
  const others = w.variants.filter((v) => !v.usual);
  if (others.length) {
    lines.push('', `${usual?.cases ?? 0} of ${w.variants.reduce((n, v) => n + v.cases, 0)} finished went this way; the others:`);
    for (const v of others) lines.push(`- ${v.name} (${v.cases}: ${v.examples.join(', ')})`);
  }
  if (w.inFlight.length) lines.push('', `Still in flight: ${w.inFlight.map((i) => `${i.name} (at ${i.lastStep})`).join(', ')}.`);
  return {
    markdown: lines.join('\n'),
    evidence: steps.map((s, i) => stepEvidence(s, `Step ${i + 1}: ${s.name} (${s.where})`)),
    answered: true,
  };
}

function durationAnswer(w: Workflow, step: WorkflowStep | null): WorkflowAnswer {
  if (step) {
    const shared = step.stretchMedianSeconds > step.medianSeconds * 1.2;
    const text = shared
      ? `“${step.name}” (${step.where}) takes you about ${formatDuration(step.stretchMedianSeconds)} each time; it serves several ${kindTitle(w.kind).toLowerCase()} at once, about ${formatDuration(step.medianSeconds)} for each.`
      : `“${step.name}” (${step.where}) takes you about ${formatDuration(step.medianSeconds)}, the median of ${Math.round(step.share * w.occurrences.total)} times.`;
    return { markdown: text, evidence: [stepEvidence(step, `“${step.name}” seen here`)], answered: true };
  }
  const d = w.duration;
  const finished = w.variants.reduce((n, v) => n + v.cases, 0);
  const steps = usualSteps(w);
  return {
    markdown: [
      `${itemWord(w).replace(/^./, (c) => c.toUpperCase())} takes you about ${formatDuration(d.medianSeconds)} of work (median of ${finished} finished; most between ${formatDuration(d.p25Seconds)} and ${formatDuration(d.p75Seconds)}), and ${formatDuration(d.elapsedMedianSeconds)} from the first step to the last, waiting included.`,
      '',
      ...steps.map((s, i) => `${i + 1}. ${s.name} (${s.where}): about ${formatDuration(s.medianSeconds)}`),
    ].join('\n'),
    evidence: steps.map((s, i) => stepEvidence(s, `Step ${i + 1}: ${s.name}`)),
    answered: true,
  };
}

function differentAnswer(workflows: readonly Workflow[], day: string, label: string): WorkflowAnswer {
  const deviations = workflows.flatMap((w) => w.deviations.map((d) => ({ w, d })));
  const worked = workflows.flatMap((w) => w.cases.filter((c) => c.steps.some((s) => localDateOf(Date.parse(s.at)) === day)));
  if (deviations.length === 0) {
    if (worked.length === 0)
      return { markdown: `I saw none of your usual workflows ${label} (${day}), so nothing to compare.`, evidence: [], answered: false };
    return {
      markdown: `Nothing stood out ${label}: ${worked.length} item${worked.length === 1 ? '' : 's'} (${worked
        .slice(0, 6)
        .map((c) => c.name)
        .join(', ')}) went through your usual steps in their usual time.`,
      evidence: [],
      answered: true,
    };
  }
  const lines = [
    `${label.charAt(0).toUpperCase()}${label.slice(1)} (${day}) ${deviations.length === 1 ? 'one thing' : `${deviations.length} things`} went differently from your usual:`,
    '',
  ];
  for (const { w, d } of deviations) lines.push(`- ${d.text} (${kindTitle(w.kind)})`);
  return { markdown: lines.join('\n'), evidence: deviations.map(({ d }) => deviationEvidence(d)), answered: true };
}

function listAnswer(workflows: readonly Workflow[], range: { from: string; to: string }): WorkflowAnswer {
  const lines = [`The work that repeats from ${range.from} to ${range.to}:`, ''];
  for (const w of workflows)
    lines.push(`- **${w.name}**: ${w.occurrences.total} times, typically ${formatDuration(w.duration.medianSeconds)} of work`);
  return {
    markdown: lines.join('\n'),
    evidence: workflows.flatMap((w) =>
      usualSteps(w)
        .slice(0, 1)
        .map((s) => stepEvidence(s, `${w.name}: first step`)),
    ),
    answered: true,
  };
}

/** Reads the workflows of a range of days (the workflow service). */
export interface WorkflowReader {
  list(from?: string, to?: string): { from: string; to: string; workflows: Workflow[] };
}

const DAY_MS = 86_400_000;
/** Questions about how work usually goes look at the last four weeks. */
const USUAL_DAYS = 28;

/**
 * Answers to "how do I usually …?", "how long does … take me?" and "what did I do differently today?"
 * from the workflows across days, each claim with its evidence (a moment of each step, or of each
 * deviation). Null when the question is not about workflows or names none the days hold: the recall
 * engine answers it then.
 */
export class WorkflowAnswers {
  constructor(private readonly workflows: WorkflowReader) {}

  answer(question: string, nowMs: number): WorkflowAnswer | null {
    const intent = workflowIntent(question);
    if (!intent) return null;
    if (intent === 'different') {
      const yesterday = YESTERDAY.test(question);
      const day = localDateOf(yesterday ? nowMs - DAY_MS : nowMs);
      const list = this.workflows.list(localDateOf(Date.parse(`${day}T12:00:00`) - (USUAL_DAYS - 1) * DAY_MS), day);
      return differentAnswer(list.workflows, day, yesterday ? 'yesterday' : 'today');
    }
    const list = this.workflows.list(localDateOf(nowMs - (USUAL_DAYS - 1) * DAY_MS), localDateOf(nowMs));
    const named = workflowNamed(question, list.workflows);
    if (!named) {
      if (intent === 'list' && list.workflows.length > 0) return listAnswer(list.workflows, list);
      return null;
    }
    if (intent === 'duration') return durationAnswer(named.workflow, named.step);
    return usualAnswer(named.workflow, list);
  }

  /** The same answer as text for a model's context (the LLM path), or null. */
  context(question: string, nowMs: number): { text: string; evidence: readonly Evidence[] } | null {
    const found = this.answer(question, nowMs);
    if (!found?.answered) return null;
    return {
      text: `Workflows across days, for this question (as observed; ${iso(nowMs).slice(0, 10)}):\n${found.markdown}`,
      evidence: found.evidence,
    };
  }
}
