import type { Workflow, WorkflowStep } from '../../../shared/contract/workflows';

/** The usual variant's steps in order (a window the work comes back to listed again). */
export function usualSteps(workflow: Workflow): { step: WorkflowStep; again: boolean }[] {
  const usual = workflow.variants.find((v) => v.usual);
  return (usual?.steps ?? []).flatMap((id, i, all) => {
    const step = workflow.steps.find((s) => s.id === id);
    return step ? [{ step, again: all.indexOf(id) < i }] : [];
  });
}
