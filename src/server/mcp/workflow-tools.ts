import { z } from 'zod';
import type { Workflow } from '../../shared/contract/workflows';
import { formatDuration } from '../../shared/format-duration';
import { usualSteps } from '../../core/workflows/workflow-procedures';
import { cursorArg, pageOf } from './answer-budget';
import { callOperation, defineTool, inputField } from './mcp-tool';

/** A workflow as an agent reads it: the usual procedure as numbered steps with apps, how often, how long, how it varies. */
function compact(w: Workflow) {
  return {
    id: w.id,
    name: w.name,
    kind: w.kind,
    occurrences: { total: w.occurrences.total, perDay: w.occurrences.perDay },
    typicalSeconds: w.duration.medianSeconds,
    steps: usualSteps(w).map((s, i) => ({
      n: i + 1,
      name: s.name,
      where: s.where,
      app: s.app,
      medianSeconds: s.medianSeconds,
      actions: s.actions,
    })),
    variants: w.variants.map((v) => ({ name: v.usual ? 'usual' : v.name, cases: v.cases, share: Math.round(v.share * 100) / 100 })),
    handoffs: w.handoffs.map((h) => `${h.name} (${h.where})`),
    inFlight: w.inFlight.map((i) => i.name),
    deviations: w.deviations.map((d) => d.text),
  };
}

function line(w: Workflow): string {
  const steps = usualSteps(w)
    .map((s, i) => `  ${i + 1}. ${s.name} — ${s.where === s.app ? s.app : `${s.where} (${s.app})`}, ~${formatDuration(s.medianSeconds)}`)
    .join('\n');
  const variants = w.variants
    .filter((v) => !v.usual)
    .map((v) => `${v.name} (${v.cases})`)
    .join('; ');
  return [
    `- ${w.name}: ${w.occurrences.total} times, typically ${formatDuration(w.duration.medianSeconds)} of work`,
    steps,
    ...(variants ? [`  Variants: ${variants}`] : []),
    ...(w.inFlight.length ? [`  In flight: ${w.inFlight.map((i) => i.name).join(', ')}`] : []),
    ...(w.deviations.length ? [`  Differently on the last day: ${w.deviations.map((d) => d.text).join(' ')}`] : []),
  ].join('\n');
}

export const listWorkflowsTool = defineTool({
  name: 'list_workflows',
  title: 'Workflows',
  description:
    "The user's work that repeats across days: for each kind of work item (invoice, ticket, load…) the usual procedure as numbered steps with their apps and typical time, how often it happened per day, how long it takes, its variants with their share, items still in flight and how the last day differed. Default range: the last seven days; paged within the answer budget.",
  input: z.object({
    from: inputField('listWorkflows', 'from'),
    to: inputField('listWorkflows', 'to'),
    cursor: cursorArg,
  }),
  async run(ctx, args, budget) {
    const list = await callOperation(ctx, 'listWorkflows', { from: args.from, to: args.to });
    const head = `Workflows from ${list.from} to ${list.to}: ${list.workflows.length} found.`;
    if (list.workflows.length === 0)
      return {
        text: `${head} Nothing repeated yet: a workflow needs the same kind of item to go through the same steps twice.`,
        structured: { from: list.from, to: list.to, workflows: [] },
      };
    return pageOf({
      items: list.workflows,
      cursor: args.cursor,
      budget,
      head: { text: head, structured: { from: list.from, to: list.to } },
      key: 'workflows',
      noun: 'workflows',
      line,
      data: compact,
    });
  },
});
