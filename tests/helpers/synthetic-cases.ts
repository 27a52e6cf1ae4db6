import type { JobDay } from '../../scripts/day/job-day';
import { screenText } from '../../scripts/day/screen-render';
import { renumber } from '../../scripts/day/renumber';
import { seededRandom } from '../../scripts/day/timeline';
import type { Sighting } from '../../src/core/store/repositories/work-item-repository';
import { extractWorkItems } from '../../src/core/understanding/extract-work-items';
import type { CaseSpan } from '../../src/core/workflows/work-cases';

export { renumber };

/** A stretch in one window: what its title and screen show, for how long. */
export interface Stretch {
  readonly app: string;
  readonly title: string;
  readonly text?: string;
  readonly seconds: number;
}

/**
 * The store side of a run of stretches, without a replay: app spans (consecutive stretches in one window
 * join, as the span tracker joins them) and the work items' sightings, read from each title and screen
 * text by the understanding's own extraction, as its index stores them.
 */
export function storeOf(days: readonly { readonly startIso: string; readonly stretches: readonly Stretch[] }[]): {
  spans: CaseSpan[];
  sightings: Sighting[];
} {
  const spans: CaseSpan[] = [];
  const sightings: Sighting[] = [];
  let ref = 0;
  for (const day of days) {
    let t = Date.parse(day.startIso);
    for (const s of day.stretches) {
      const start = t;
      t += s.seconds * 1000;
      const last = spans.at(-1);
      if (last && last.endMs === start && last.app === s.app && last.title === s.title) spans[spans.length - 1] = { ...last, endMs: t };
      else spans.push({ app: s.app, title: s.title, startMs: start, endMs: t });
      const add = (source: 'title' | 'screen', text: string): void => {
        ref++;
        const titleLine = s.title.trim();
        const items = extractWorkItems(s.title, text).filter((i) => source === 'title' || i.line !== titleLine || i.state);
        for (const item of items)
          sightings.push({
            itemId: 0,
            kind: item.kind,
            key: item.key,
            itemName: item.name,
            name: item.name,
            source,
            refId: ref,
            atMs: start,
            untilMs: t,
            app: s.app,
            title: s.title,
            role: item.role,
            label: item.label,
            state: item.state,
            line: item.line,
          });
      };
      add('title', '');
      if (s.text) add('screen', s.text);
    }
  }
  return { spans, sightings };
}

/** A job's day (scripts/day/jobs/) as stretches, its record numbers moved on by `shift`: idle and private stretches left out, as the store has them. */
export function jobDayStretches(day: JobDay, shift: number): Stretch[] {
  const byFile = new Map(Object.values(day.screens).map((s) => [s.file, s]));
  return day
    .schedule(seededRandom(day.seed))
    .filter((s) => s.input !== 'away' && !s.private)
    .map((s) => {
      const spec = byFile.get(s.screens[0]!);
      return {
        app: s.app,
        title: renumber(s.title, shift),
        text: spec ? renumber(screenText(spec), shift) : undefined,
        seconds: s.seconds,
      };
    });
}
