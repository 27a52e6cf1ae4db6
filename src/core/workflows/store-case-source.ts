import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';
import type { WorkItemRepository } from '../store/repositories/work-item-repository';
import { casesFromSightings, type CaseSource, type WorkCase } from './work-cases';

/** How far back a case's earlier steps are read, so one begun before the days asked about keeps its shape. */
export const CASE_LOOKBACK_MS = 30 * 86_400_000;

/** Cases from the profile's store: the app spans and the work items' sightings (migration 014), brought up to date first. */
export class StoreCaseSource implements CaseSource {
  constructor(
    private readonly deps: {
      readonly activity: Pick<ActivityRepository, 'appSpans'>;
      readonly items: Pick<WorkItemRepository, 'sightingsIn'>;
      /** Brings the work-item index up to date (nothing in a reader core). */
      readonly refresh: () => void;
    },
  ) {}

  casesIn(window: TimeWindow): WorkCase[] {
    this.deps.refresh();
    const read = { startMs: window.startMs - CASE_LOOKBACK_MS, endMs: window.endMs };
    const cases = casesFromSightings(this.deps.activity.appSpans(read), this.deps.items.sightingsIn(read));
    return cases.filter((c) => c.events.some((e) => e.untilMs > window.startMs && e.atMs < window.endMs));
  }
}
