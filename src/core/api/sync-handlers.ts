import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';

type Op<K extends keyof Operations> = (
  input: OperationParsedInput<Operations[K]>,
) => OperationOutput<Operations[K]> | Promise<OperationOutput<Operations[K]>>;

export function syncHandlers(core: ShadowCore) {
  const syncStatus: Op<'syncStatus'> = () => core.sync.status();
  const setSync: Op<'setSync'> = (input) => core.sync.configure(input);
  const runSync: Op<'runSync'> = () => core.sync.run();
  const trustSyncDevice: Op<'trustSyncDevice'> = (input) => core.sync.trust(input.device, input.fingerprint);
  const refuseSyncDevice: Op<'refuseSyncDevice'> = (input) => core.sync.refuse(input.device);
  return { syncStatus, setSync, runSync, trustSyncDevice, refuseSyncDevice };
}
