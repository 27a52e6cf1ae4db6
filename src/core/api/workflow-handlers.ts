import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';
import { proceduresMarkdown } from '../workflows/workflow-procedures';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function workflowHandlers(core: ShadowCore) {
  const { workflows } = core;
  const listWorkflows: Op<'listWorkflows'> = ({ from, to }) => {
    core.observer.flushOpenSpan();
    return workflows.list(from, to);
  };
  const exportEventLog: Op<'exportEventLog'> = ({ from, to, format }) => {
    core.observer.flushOpenSpan();
    return { format, ...workflows.eventLog(format, from, to) };
  };
  const workflowGuide: Op<'workflowGuide'> = ({ from, to }) => {
    core.observer.flushOpenSpan();
    const list = workflows.list(from, to);
    return { from: list.from, to: list.to, markdown: `# Workflow procedures\n\n${proceduresMarkdown(list.workflows, list)}` };
  };
  return { listWorkflows, exportEventLog, workflowGuide };
}
