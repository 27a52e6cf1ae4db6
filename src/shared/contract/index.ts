import { mergeTables } from '../merge-tables';
import type { OperationSpec } from './define';
import { memoryOperations } from './memory';
import { momentOperations } from './moments';
import { observationOperations } from './observation';
import { privacyOperations } from './privacy';
import { screenOperations } from './screen';
import { sessionOperations } from './sessions';
import { settingsOperations } from './settings';
import { contextSetOperations } from './session-context-sets';
import { coverageOperations } from './coverage';
import { storageOperations } from './storage';
import { timelineOperations } from './timeline';
import { diskBudgetOperations } from './disk-budget';
import { syncOperations } from './sync';
import { desktopSetupOperations } from './desktop-setup';
import { workflowOperations } from './workflows';

export * from './define';
export * from './observation';
export * from './memory';
export * from './screen';
export * from './sessions';
export * from './settings';
export * from './session-context-sets';
export * from './storage';
export * from './privacy';
export * from './events';
export * from './timeline';
export * from './evidence';
export * from './moments';
export * from './coverage';
export * from './disk-budget';
export * from './sync';
export * from './desktop-setup';
export * from './workflows';
export * from './errors';
export * from './limits';

/** The whole API table. Each feature adds its own module of operations here; a key used twice throws. */
export const operations = mergeTables(
  observationOperations,
  memoryOperations,
  screenOperations,
  sessionOperations,
  settingsOperations,
  contextSetOperations,
  storageOperations,
  timelineOperations,
  privacyOperations,
  momentOperations,
  coverageOperations,
  diskBudgetOperations,
  syncOperations,
  desktopSetupOperations,
  workflowOperations,
);

export type Operations = typeof operations;
export type OperationKey = keyof Operations;
export const operationList: readonly OperationSpec[] = Object.values(operations);
