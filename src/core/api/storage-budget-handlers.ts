import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function storageBudgetHandlers(core: ShadowCore) {
  const storageMeter: Op<'storageMeter'> = () => core.storageBudget.meter();
  return { storageMeter };
}
