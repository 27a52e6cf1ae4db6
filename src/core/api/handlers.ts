import type { OperationKey, OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import { mergeTables } from '../../shared/merge-tables';
import type { ShadowCore } from '../shadow-core';
import { memoryHandlers } from './memory-handlers';
import { observationHandlers } from './observation-handlers';
import { privacyHandlers } from './privacy-handlers';
import { screenHandlers } from './screen-handlers';
import { sessionHandlers } from './session-handlers';
import { settingsHandlers } from './settings-handlers';
import { contextSetHandlers } from './context-set-handlers';
import { storageHandlers } from './storage-handlers';
import { recallHandlers } from './recall-handlers';
import { storageBudgetHandlers } from './storage-budget-handlers';

/** One implementation per operation of the contract; every surface calls through this table. */
export type Handlers = {
  [K in OperationKey]: (
    input: OperationParsedInput<Operations[K]>,
  ) => OperationOutput<Operations[K]> | Promise<OperationOutput<Operations[K]>>;
};

/** Each feature's handlers, joined; a key handled twice throws (see mergeTables). */
export function createHandlers(core: ShadowCore): Handlers {
  return mergeTables(
    observationHandlers(core),
    memoryHandlers(core),
    screenHandlers(core),
    sessionHandlers(core),
    settingsHandlers(core),
    contextSetHandlers(core),
    storageHandlers(core),
    privacyHandlers(core),
    recallHandlers(core),
    storageBudgetHandlers(core),
  );
}
