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
import { fileAccessHandlers } from './file-access-handlers';
import { timelineHandlers } from './timeline-handlers';
import { recallHandlers } from './recall-handlers';
import { diskBudgetHandlers } from './disk-budget-handlers';
import { syncHandlers } from './sync-handlers';
import { desktopSetupHandlers } from './desktop-setup-handlers';
import { workflowHandlers } from './workflow-handlers';

/** One implementation per operation of the contract; every surface calls through this table. */
export type Handlers = {
  [K in OperationKey]: (
    input: OperationParsedInput<Operations[K]>,
  ) => OperationOutput<Operations[K]> | Promise<OperationOutput<Operations[K]>>;
};

/** Each feature's handlers, joined; a key handled twice throws (see mergeTables). */
export function createHandlers(core: ShadowCore): Handlers {
  return reportingStorageFailures(core, joinHandlers(core));
}

function joinHandlers(core: ShadowCore): Handlers {
  return mergeTables(
    observationHandlers(core),
    memoryHandlers(core),
    screenHandlers(core),
    sessionHandlers(core),
    settingsHandlers(core),
    contextSetHandlers(core),
    fileAccessHandlers(core),
    timelineHandlers(core),
    privacyHandlers(core),
    recallHandlers(core),
    diskBudgetHandlers(core),
    syncHandlers(core),
    desktopSetupHandlers(),
    workflowHandlers(core),
  );
}

/**
 * Any operation whose write fails for a storage reason (disk full, read-only profile) tells the core's
 * writability monitor, so capture pauses itself and health says why, whichever surface made the call.
 */
function reportingStorageFailures(core: ShadowCore, handlers: Handlers): Handlers {
  const wrap =
    (handler: (input: never) => unknown) =>
    (input: never): unknown => {
      try {
        const result = handler(input);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            throw report(error);
          });
        }
        return result;
      } catch (error) {
        throw report(error);
      }
    };
  const report = (error: unknown): unknown => {
    core.writability.failed(error);
    return error;
  };
  return Object.fromEntries(
    Object.entries(handlers).map(([key, handler]) => [key, wrap(handler as (input: never) => unknown)]),
  ) as Handlers;
}
