import type { OperationSpec } from './define';
import { observationOperations } from './observation';

export * from './define';
export * from './observation';

/** The whole API table. Each feature adds its own module of operations here. */
export const operations = {
  ...observationOperations,
} as const;

export type Operations = typeof operations;
export type OperationKey = keyof Operations;
export const operationList: readonly OperationSpec[] = Object.values(operations);
