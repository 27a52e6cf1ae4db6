import type { Command } from 'commander';
import { z } from 'zod';
import { operations, type Coverage, type DayOverview, type DiskMeter } from '../../shared/contract/index';
import { formatDiskLine } from '../../shared/format-bytes';
import { threadCount, threadName, threadSpan, threadState } from '../../shared/thread-words';
import { parseFlags } from '../cli-error';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDeviceTimes, formatDuration } from '../../shared/format-duration';
import { print, printJson, table } from '../format';
import { withOperations } from '../profile-operations';

const flagsSchema = z.object({
  json: z.boolean().default(false),
  date: operations.dayOverview.input.shape.date,
  device: operations.dayOverview.input.shape.device,
});

/** Gaps shorter than this are left out of the list (a password manager for a few seconds); the total counts them. */
const GAP_LIST_MIN_SECONDS = 60;

/** "one short gap (under a minute)", "3 shorter gaps (under a minute each)". */
const shortGaps = (n: number, word: 'short' | 'shorter'): string =>
  n === 1 ? `one ${word} gap (under a minute)` : `${n} ${word} gaps (under a minute each)`;

/**
 * The gaps of the day between its first and last observed moment (before and after that the app simply
 * was not running yet or any more), each with its reason, and how much of that time was not observed.
 */
export function gapLines(coverage: Coverage): string[] {
  const observed = coverage.stretches.filter((s) => s.observed);
  if (observed.length === 0) return [];
  const first = Date.parse(observed[0]!.start);
  const last = Date.parse(observed.at(-1)!.end);
  const inside = coverage.stretches.filter((s) => !s.observed && Date.parse(s.start) >= first && Date.parse(s.end) <= last);
  if (inside.length === 0) return [`Observed without a gap from ${formatClockTime(first)} to ${formatClockTime(last)}.`];
  const total = inside.reduce((sum, s) => sum + s.seconds, 0);
  const listed = inside.filter((s) => s.seconds >= GAP_LIST_MIN_SECONDS);
  const short = inside.length - listed.length;
  const head = `Observed ${formatClockTime(first)}–${formatClockTime(last)}; not observed for ${formatDuration(total)} of that`;
  // Only short gaps: one sentence, nothing to list.
  if (listed.length === 0) return [`${head}, in ${shortGaps(short, 'short')}, never counted as work.`];
  const lines = [`${head} (never counted as work):`];
  for (const gap of listed) {
    const detail = gap.detail && !gap.label.includes(gap.detail) ? ` (${gap.detail})` : '';
    lines.push(
      `  ${formatClockTime(gap.start)}–${formatClockTime(gap.end)}  ${formatDuration(gap.seconds)}  ${gap.label.replace(/^Not (observed|recorded): /, '')}${detail}`,
    );
  }
  if (short > 0) lines.push(`  and ${shortGaps(short, 'shorter')}.`);
  return lines;
}

/** What the CLI says when it shows a replayed day for "today" (the window says the same in its header). */
export function replayedDayNote(date: string): string {
  return `Showing ${date}: the recorded day replayed in this profile (--date for another day).\n`;
}

function printDay(day: DayOverview, coverage: Coverage): void {
  if (day.apps.length === 0) {
    print(`No app time recorded on ${day.date}.`);
    for (const line of gapLines(coverage)) print(line);
    return;
  }
  const total = day.totalActiveSeconds || 1;
  // With several devices' work, each app says where its time was spent.
  const devices = day.devices !== undefined;
  const rows: string[][] = [['APP / WINDOW', 'TIME', 'SHARE', ...(devices ? ['DEVICES'] : [])]];
  for (const app of day.apps) {
    const where = devices ? [(app.devices ?? []).map((d) => d.name).join(', ')] : [];
    rows.push([app.app, formatDuration(app.seconds), `${Math.round((app.seconds / total) * 100)}%`, ...where]);
    for (const t of app.titles.slice(0, 5))
      rows.push([`  ${t.title || '(untitled)'}`, formatDuration(t.seconds), '', ...(devices ? [''] : [])]);
  }
  print(`App time on ${day.date}\n`);
  print(table(rows));
  print(
    `\nActive ${formatDuration(day.totalActiveSeconds)} · idle ${formatDuration(day.idleSeconds)} · private ${formatDuration(day.privateSeconds)}`,
  );
  if (day.devices && day.devices.length > 0) {
    print(`By device: ${formatDeviceTimes(day.devices).join(' · ')}`);
  }
  if (day.threads.length > 0) {
    const threadRows: string[][] = [['TIME', 'WORK THREAD', 'IN ALL', 'TASKS', 'APPS', 'LAST SEEN']];
    for (const t of day.threads)
      threadRows.push([
        threadSpan(t),
        threadName(t),
        formatDuration(t.seconds),
        String(t.taskIds.length),
        t.apps.slice(0, 3).join(', '),
        threadState(t) ?? '',
      ]);
    print(`\nWork: ${threadCount(day.tasks.length, day.threads.length)}\n`);
    print(table(threadRows));
  }
  if (day.tasks.length > 0) {
    const taskRows: string[][] = [['TIME', 'TASK', 'DURATION', 'APPS']];
    for (const t of day.tasks) {
      const span = `${formatClockTime(t.startedAt)}–${t.endedAt ? formatClockTime(t.endedAt) : 'now'}`;
      taskRows.push([span, t.name, formatDuration(t.durationSeconds), `${t.apps.join(', ')}${t.device ? ` (on ${t.device.name})` : ''}`]);
    }
    print(`\nTasks (${day.tasks.length})\n`);
    print(table(taskRows));
  }
  const gaps = gapLines(coverage);
  if (gaps.length > 0) print(`\n${gaps.join('\n')}`);
  if (day.latestSummary) {
    print(`\nLatest summary (${day.latestSummary.kind}, ${formatClockTime(day.latestSummary.at)})\n`);
    print(day.latestSummary.text);
  }
}

function printDiskMeter(meter: DiskMeter): void {
  const kept = meter.oldestScreenTextDay ? ` · screen text since ${meter.oldestScreenTextDay}` : '';
  print(`\nDisk: ${formatDiskLine(meter)}${kept}`);
}

export function registerTodayCommand(program: Command): void {
  program
    .command('today')
    .description(
      'Today (or --date): app time per app and window title (idle and private excluded), the gaps when nothing was observed, the work threads (tasks joined by the record they share, with their state when last seen), the tasks, and the latest work-session summary',
    )
    .option('--date <YYYY-MM-DD>', 'another local day')
    .option('--device <name>', 'only what one device observed (its name or id; default every device)')
    .option('--json', 'print JSON instead of a table')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const [day, coverage, disk, inView] = await withOperations((call) =>
        Promise.all([
          call('dayOverview', { date: flags.date, device: flags.device }),
          call('observationCoverage', { date: flags.date }),
          call('diskMeter', {}),
          call('dayInView', {}),
        ]),
      );
      if (flags.json) printJson({ ...day, coverage });
      else {
        if (!flags.date && inView.replayed) print(replayedDayNote(inView.date));
        printDay(day, coverage);
        printDiskMeter(disk);
      }
    });
}
