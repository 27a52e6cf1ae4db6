import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import { momentAt } from '../recall/moments';
import { viewScope } from '../sync/device-filter';
import type { ShadowCore } from '../shadow-core';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function recallHandlers(core: ShadowCore) {
  const getMoment: Op<'getMoment'> = (input) =>
    momentAt(
      {
        activity: core.activity,
        screenText: core.screenText,
        devices: core.sync.devices,
        framesDir: core.privacy.frames.dir,
        readFrame: (file) => core.privacy.frames.readSync(file),
        keepScreenshots: () => core.settings.keepScreenshots,
      },
      { ...input, scope: viewScope(core.sync, input.device) },
    );
  return { getMoment };
}
