import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';
import { loadSettings, saveSettings } from '../config/settings';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function settingsHandlers(core: ShadowCore) {
  const getSettings: Op<'getSettings'> = () => ({
    file: core.paths.settings,
    settings: { ...core.settings },
    usage: core.diskBudget.usage(),
  });
  /** Saved first, so a failed write changes nothing; the running observer reads the same object at its next capture. */
  const updateSettings: Op<'updateSettings'> = (change) => {
    saveSettings(core.paths.settings, { ...loadSettings(core.paths.settings), ...change });
    Object.assign(core.settings, change);
    return getSettings({});
  };
  return { getSettings, updateSettings };
}
