import type { OperationParsedInput, OperationOutput, Operations } from '../../shared/contract/index';
import { desktopSetup, runDesktopSetupStep } from '../desktop-setup/desktop-setup';
import { DomainError } from '../errors';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => Promise<OperationOutput<Operations[K]>>;

/** The desktop's setup steps (the onboarding wizard shows them; `shadow setup` is the CLI's way). */
export function desktopSetupHandlers() {
  const desktopSetupOp: Op<'desktopSetup'> = () => desktopSetup();
  const runDesktopSetupStepOp: Op<'runDesktopSetupStep'> = async ({ step }) => {
    const before = await desktopSetup();
    if (!before.steps.some((s) => s.id === step && s.canRun))
      throw new DomainError('conflict', 'setup_step_not_needed', `The setup step ${step} is not needed or cannot run on this desktop now`);
    return runDesktopSetupStep(step);
  };
  return { desktopSetup: desktopSetupOp, runDesktopSetupStep: runDesktopSetupStepOp };
}
