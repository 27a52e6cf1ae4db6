import type { Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { Privacy } from '../privacy/create-privacy';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { Understanding } from '../understanding/create-understanding';
import { StoreCaseSource } from './store-case-source';
import { WorkflowService } from './workflow-service';

export interface WorkflowsDeps {
  readonly activity: ActivityRepository;
  /** The work items the cases are read from. */
  readonly understanding: Understanding;
  readonly clock: Clock;
  readonly privacy: Pick<Privacy, 'redactor'>;
  readonly settings: Settings;
}

/** Workflows across days from the stored app spans and work items, redacted and without excluded windows. */
export function createWorkflows({ activity, understanding, clock, privacy, settings }: WorkflowsDeps): WorkflowService {
  return new WorkflowService({
    cases: new StoreCaseSource({ activity, items: understanding.items, refresh: () => understanding.refresh() }),
    clock,
    redactor: () => privacy.redactor,
    exclusions: () => settings.exclusions,
  });
}
