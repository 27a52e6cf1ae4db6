import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';
import { profileDiskUsage } from '../profile-disk-usage';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function settingsHandlers(core: ShadowCore) {
  const getSettings: Op<'getSettings'> = () => ({
    file: core.paths.settings,
    settings: { ...core.settings },
    usage: profileDiskUsage(core),
  });
  return { getSettings };
}
