import { formatDuration } from '../../shared/format-duration';
import { tokenCount } from '../llm/tokens';
import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';

/** Titles listed per app: the ones a "how long was I in …" question is usually about. */
const TITLES_PER_APP = 4;

/**
 * The app and window times of a stretch of the day, as lines for an LLM context: the figures the
 * offline answers give (the same spans), so a model asked "how long was I in the ledger" after the day
 * ended has them. Apps longest first, each with its longest window titles; lines are kept while they fit.
 */
export function appTimeContext(
  activity: Pick<ActivityRepository, 'appTime'>,
  window: TimeWindow,
  label: string,
  budgetTokens: number,
): { text: string; tokens: number } {
  const time = activity.appTime({ window });
  if (time.apps.length === 0) return { text: '', tokens: 0 };
  const header = `App and window time ${label} (idle and private time apart): ${formatDuration(time.totalActiveSeconds)} active.`;
  const lines = [header];
  let tokens = tokenCount(header);
  for (const app of time.apps) {
    const titles = app.titles
      .slice(0, TITLES_PER_APP)
      .map((t) => `“${t.title}” ${formatDuration(t.seconds)}`)
      .join('; ');
    const more = app.titles.length > TITLES_PER_APP ? `; ${app.titles.length - TITLES_PER_APP} more windows` : '';
    const line = `- ${app.app} ${formatDuration(app.seconds)}${titles ? `: ${titles}${more}` : ''}`;
    const cost = tokenCount(line) + 1;
    if (tokens + cost > budgetTokens) break;
    lines.push(line);
    tokens += cost;
  }
  return lines.length > 1 ? { text: lines.join('\n'), tokens } : { text: '', tokens: 0 };
}
