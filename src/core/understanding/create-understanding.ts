import type { EventBus } from '../events';
import type { Db } from '../store/database';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { WorkItemRepository } from '../store/repositories/work-item-repository';
import { WorkItemIndex } from './work-item-index';

export interface UnderstandingDeps {
  readonly db: Db;
  readonly events: EventBus;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly now: () => number;
  /** A reader core (the CLI, `shadow mcp`) reads the index the observing app keeps and never writes it. */
  readonly reader: boolean;
}

/** What the engine understands of the observed work: work items and where they were seen (docs/architecture.md, Understanding). */
export interface Understanding {
  readonly items: WorkItemRepository;
  /** Brings the index up to date before a read (nothing for a reader core). */
  refresh(): void;
  close(): void;
}

export function createUnderstanding(deps: UnderstandingDeps): Understanding {
  const items = new WorkItemRepository(deps.db);
  const index = new WorkItemIndex({ items, activity: deps.activity, screenText: deps.screenText, now: deps.now });
  if (!deps.reader) {
    // Off the capture path: after new text or a switch of window, a step per turn of the event loop.
    deps.events.on('screen:text-recognized', () => index.schedule());
    deps.events.on('context:immediate-updated', () => index.schedule());
  }
  return {
    items,
    refresh: () => {
      if (!deps.reader) index.catchUp();
    },
    close: () => index.close(),
  };
}
