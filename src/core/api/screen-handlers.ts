import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import { searchScreenText } from '../ocr/screen-search';
import type { ShadowCore } from '../shadow-core';
import { viewScope } from '../sync/device-filter';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function screenHandlers(core: ShadowCore) {
  const searchScreen: Op<'searchScreen'> = (input) => searchScreenText(core.screenText.scoped(viewScope(core.sync, input.device)), input);
  const ocrStatus: Op<'ocrStatus'> = () => ({
    enabled: core.settings.ocrEnabled,
    ...core.ocr.status(),
    storedRows: core.screenText.count(),
  });
  return { searchScreen, ocrStatus };
}
