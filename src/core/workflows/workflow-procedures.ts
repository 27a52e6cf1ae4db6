import type { Workflow, WorkflowStep } from '../../shared/contract/workflows';
import { formatDuration } from '../../shared/format-duration';

/** A link that opens a step's moment in the window (and reads as a plain anchor anywhere else). */
export function momentLink(example: WorkflowStep['example']): string {
  return `[see a moment](#moment=${encodeURIComponent(example.at)}${example.screenTextId !== null ? `&screenText=${example.screenTextId}` : ''})`;
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** A step of the usual procedure; `again` when the work comes back to a window it was in before (a ticket answered). */
export type ProcedureStep = WorkflowStep & { readonly again: boolean };

/** The steps of a workflow's usual variant, in order. */
export function usualSteps(workflow: Workflow): ProcedureStep[] {
  const usual = workflow.variants.find((v) => v.usual);
  const steps: ProcedureStep[] = [];
  (usual?.steps ?? []).forEach((id, i, all) => {
    const step = workflow.steps.find((s) => s.id === id);
    if (step) steps.push({ ...step, again: all.indexOf(id) < i });
  });
  return steps;
}

/** One step as a numbered line: what, where, how long, what the screen says there. */
export function stepLine(step: ProcedureStep, n: number): string {
  const where = step.where === step.app ? step.app : `${step.where} in ${step.app}`;
  if (step.again) return `${n}. **${step.name}** in ${where} again`;
  const actions = step.actions.length ? `; the screen says ${step.actions.slice(0, 3).join(', ')}` : '';
  return `${n}. **${step.name}** in ${where}, about ${formatDuration(step.medianSeconds)}${actions}${step.handoff ? ' (a hand-off)' : ''}`;
}

/**
 * Each workflow as a procedure someone else could follow: its usual steps numbered with their apps and
 * typical time (a moment of each one click away in the window), how long it takes, how it varies, where
 * it passes through mail or chat, and what is still in flight.
 */
export function proceduresMarkdown(workflows: readonly Workflow[], range: { from: string; to: string }): string {
  const out: string[] = ['## Procedures', ''];
  if (workflows.length === 0) {
    out.push(
      `_No work repeated from ${range.from} to ${range.to} yet: a procedure appears once the same kind of item goes through the same steps twice._`,
      '',
    );
    return out.join('\n');
  }
  out.push(`_The work that repeats from ${range.from} to ${range.to}, as observed: each kind of item and the steps it goes through._`, '');
  for (const w of workflows) {
    const d = w.duration;
    out.push(`### ${w.name}`, '');
    out.push(
      `Seen ${w.occurrences.total} time${w.occurrences.total === 1 ? '' : 's'} (${w.occurrences.perDay.map((p) => `${p.date}: ${p.count}`).join(', ')}); ` +
        `typically ${formatDuration(d.medianSeconds)} of work (${formatDuration(d.p25Seconds)}–${formatDuration(d.p75Seconds)}), ` +
        `${formatDuration(d.elapsedMedianSeconds)} from the first step to the last.`,
      '',
    );
    usualSteps(w).forEach((s, i) => out.push(`${stepLine(s, i + 1)} — ${momentLink(s.example)}`));
    out.push('');
    const others = w.variants.filter((v) => !v.usual);
    if (others.length) {
      out.push('| Variant | Cases | Share | Examples |', '|---|---|---|---|');
      for (const v of w.variants)
        out.push(`| ${cell(v.usual ? 'usual' : v.name)} | ${v.cases} | ${percent(v.share)} | ${cell(v.examples.join(', '))} |`);
      out.push('');
    }
    if (w.handoffs.length)
      out.push(`Hand-offs: ${w.handoffs.map((h) => `${h.name} (${h.where}, ${percent(h.share)} of cases)`).join('; ')}.`, '');
    if (w.inFlight.length)
      out.push(
        `Still in flight: ${w.inFlight.map((i) => `${i.name} (last at ${i.lastStep}${i.state ? `, ${i.state}` : ''})`).join('; ')}.`,
        '',
      );
  }
  return out.join('\n');
}
