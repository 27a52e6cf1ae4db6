import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function contextSetHandlers(core: ShadowCore) {
  const getSessionContext: Op<'getSessionContext'> = ({ id }) => core.contextSets.get(id);
  return { getSessionContext };
}
