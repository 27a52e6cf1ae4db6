import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function diskBudgetHandlers(core: ShadowCore) {
  const diskMeter: Op<'diskMeter'> = () => core.diskBudget.meter();
  return { diskMeter };
}
