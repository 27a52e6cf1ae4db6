import type { Clock } from '../clock';
import type { Observer } from '../observe/observer';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { localDateOf, localDayBounds } from '../time';
import type { ContextProvider } from './system-prompt';
import { durationText } from './words';

/**
 * The context used until the memory feature's assembled context is wired in `shadow-core.ts`:
 * the window in focus and today's app time.
 */
export function basicObservedContext(deps: { observer: Observer; activity: ActivityRepository; clock: Clock }): ContextProvider {
  return () => {
    const now = deps.observer.immediateContext();
    const today = deps.activity.appTime({ window: localDayBounds(localDateOf(deps.clock.now())) });
    const apps = today.apps.slice(0, 8).map((a) => `- ${a.app}: ${durationText(a.seconds)}`);
    return [
      '## What the user is doing',
      `Now: ${now.currentApp ? `${now.currentApp} — ${now.currentWindowTitle ?? ''}` : 'no window observed'} (${now.state})`,
      `Today: ${durationText(today.totalActiveSeconds)} active`,
      ...apps,
    ].join('\n');
  };
}
