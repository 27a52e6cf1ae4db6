/**
 * Workflow discovery over a synthetic month: 22 workdays of the demo week's clerk (scripts/day/demo-week.ts),
 * each week's invoices, POs and tickets numbered anew, written into a store the way observation writes
 * it (work sessions, app spans, screen text) and indexed by the understanding's work-item index. Prints how
 * long `listWorkflows` takes over the month: reading the store, building the cases and discovering (the
 * bar: ≤ 2 s), and what it found.
 *   node bin/run-ts.js bench/workflows-month.ts
 */
import { buildDemoWeek } from '../scripts/day/demo-week';
import { screenText } from '../scripts/day/screen-render';
import { createShadowCore } from '../src/core/shadow-core';
import { localDateOf } from '../src/core/time';
import { renumber } from '../scripts/day/renumber';
import { quietSource } from '../tests/helpers/quiet-core';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import { percentile, printFigures } from './lib/report';
import { ManualClock } from '../src/core/clock';

process.env.TZ = 'UTC';
const WORKDAYS = 22;
const DAY_MS = 86_400_000;

const week = buildDemoWeek();
const specs = new Map(week.screens.map((s) => [s.file, s]));
const firstMonday = Date.parse(week.days[0]!.startIso);
const home = createTempShadowHome();
const clock = new ManualClock(firstMonday);
const core = createShadowCore({ env: {}, paths: home.paths, source: quietSource, clock, settings: { ocrEnabled: false } });
try {
  const writeStarted = performance.now();
  let spans = 0;
  for (let n = 0; n < WORKDAYS; n++) {
    const weekNo = Math.floor(n / 5);
    const day = week.days[n % 5]!;
    const shift = weekNo * 1000;
    let t = Date.parse(day.startIso) + weekNo * 7 * DAY_MS;
    const session = core.activity.startWorkSession(t, 'replay');
    const sink = core.activity.spanSink(() => session);
    for (const segment of day.segments) {
      const start = t;
      t += segment.seconds * 1000;
      const kind = segment.input === 'away' ? 'idle' : segment.private ? 'private' : 'app';
      const title = kind === 'app' ? renumber(segment.title, shift) : null;
      sink.open({
        kind,
        app: kind === 'idle' ? null : segment.app,
        title,
        privateReason: kind === 'private' ? 'password manager' : null,
        startMs: start,
        endMs: t,
      });
      spans++;
      if (kind !== 'app') continue;
      segment.screens.forEach((file, i) => {
        const spec = specs.get(file)!;
        const at = start + i * (segment.screenEverySec ?? segment.seconds) * 1000;
        core.screenText.insert({ atMs: at, app: segment.app, title: title!, text: renumber(screenText(spec), shift) });
      });
    }
    core.activity.endWorkSession(session, t, 'end of day');
  }
  clock.set(firstMonday + (Math.floor((WORKDAYS - 1) / 5) * 7 + ((WORKDAYS - 1) % 5)) * DAY_MS + 9 * 3600_000);
  const indexStarted = performance.now();
  core.understanding.refresh();
  const indexed = performance.now();
  const from = localDateOf(firstMonday);
  const to = localDateOf(clock.now());
  const runs: number[] = [];
  let found = core.workflows.list(from, to);
  for (let i = 0; i < 5; i++) {
    // A new observed minute each time: the list is worked out again, not reused.
    clock.set(clock.now() + 60_000);
    const started = performance.now();
    found = core.workflows.list(from, to);
    runs.push(performance.now() - started);
  }
  const cases = found.workflows.reduce((sum, w) => sum + w.occurrences.total, 0);
  console.log(
    `${WORKDAYS} workdays from ${from} to ${to}: ${spans} spans written in ${((indexStarted - writeStarted) / 1000).toFixed(1)} s, indexed in ${((indexed - indexStarted) / 1000).toFixed(1)} s`,
  );
  for (const w of found.workflows)
    console.log(`  ${w.name}: ${w.occurrences.total} cases, ${w.variants.length} variants, ${w.inFlight.length} in flight`);
  printFigures('workflows-month', [
    {
      name: `workflows over ${WORKDAYS} workdays (store read, cases, discovery) p50`,
      value: percentile(runs, 50),
      unit: 'ms',
      targetMax: 2000,
    },
    { name: `workflows over ${WORKDAYS} workdays, slowest of ${runs.length}`, value: Math.max(...runs), unit: 'ms', targetMax: 2000 },
    { name: 'cases in the workflows found', value: cases, unit: 'cases' },
  ]);
} finally {
  core.close();
  home.remove();
}
