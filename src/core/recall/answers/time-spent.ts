import Fuse from 'fuse.js';
import type { Evidence } from '../../../shared/contract/evidence';
import { formatClockTime } from '../../../shared/format-clock-time';
import { formatDeviceTimes, formatDuration } from '../../../shared/format-duration';
import { iso } from '../../clock';
import type { WindowUse } from '../../store/repositories/activity-repository';
import { windowName } from '../day-tasks';
import { coverage, termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import {
  answer,
  askedWindow,
  joinAnd,
  nothingObserved,
  quoted,
  today,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';

const BREAKDOWN_MAX = 4;

/** "How long was I in Outlook today? (roughly)", "time in slack", "how long did I work on the Q3 budget?". */
export function answerTimeSpent(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const window = windowOf(time);
  const appTime = ctx.store.activity.appTime({ window });
  if (appTime.apps.length === 0) return answer([nothingObserved(ctx, window, time.label)], [], ctx.nowMs, false);
  const windows = ctx.store.activity.windowsIn(window);
  if (question.terms.length === 0) {
    const top = appTime.apps.slice(0, 5).map((a) => `- ${a.app}: ${formatDuration(a.seconds)}`);
    const evidence = appTime.apps.slice(0, 5).flatMap((a) => {
      const main = windows.find((w) => w.app === a.app);
      return main ? [windowEvidence(main, `${a.app}: ${formatDuration(a.seconds)}`)] : [];
    });
    const split = (appTime.devices ?? []).length > 1 ? ` (${formatDeviceTimes(appTime.devices!).join(', ')})` : '';
    return answer(
      [`You were active ${formatDuration(appTime.totalActiveSeconds)} ${time.label}${split}. Most time went to:`, ...top],
      evidence,
      ctx.nowMs,
    );
  }
  const apps = appTime.apps.filter((a) => question.terms.every((t) => termMatches(t, a.app)));
  if (apps.length > 0) {
    const total = apps.reduce((sum, a) => sum + a.seconds, 0);
    const lines = [`You spent ${formatDuration(total)} in ${joinAnd(apps.map((a) => a.app))} ${time.label}.`];
    const inApps = windows.filter((w) => apps.some((a) => a.app === w.app));
    lines.push(...onEachDevice(inApps));
    if (apps.length > 1) lines.push(...apps.map((a) => `- ${a.app}: ${formatDuration(a.seconds)}`));
    else if (inApps.length > 1)
      lines.push(
        ...breakdown(
          inApps,
          apps.map((a) => a.app),
        ),
      );
    const evidence = inApps.slice(0, BREAKDOWN_MAX).map((w) => windowEvidence(w, `${formatDuration(w.seconds)} in ${w.title || w.app}`));
    return answer(lines, evidence, ctx.nowMs);
  }
  const matched = matchWindows(question.terms, windows);
  if (matched.length === 0) {
    const seen = appTime.apps.slice(0, 5).map((a) => a.app);
    return answer(
      [`I found no app or window matching ${quoted(question)} ${time.label}. The apps I saw: ${joinAnd(seen)}.`],
      [],
      ctx.nowMs,
      false,
    );
  }
  const total = matched.reduce((sum, w) => sum + w.seconds, 0);
  const names = [...new Set(matched.map((w) => windowName(w.title, [w.app])))];
  const lines = [`You spent ${formatDuration(total)} in ${joinAnd(names.slice(0, 3).map((n) => `“${n}”`))} ${time.label}.`];
  if (matched.length > 1) lines.push(...breakdown(matched, []));
  else lines.push(`First at ${formatClockTime(matched[0]!.firstMs)}, last until ${formatClockTime(matched[0]!.lastMs)}.`);
  const evidence = matched.slice(0, BREAKDOWN_MAX).map((w) => windowEvidence(w, `${formatDuration(w.seconds)} in ${w.title}`));
  return answer(lines, evidence, ctx.nowMs);
}

/** "- on laptop: 1h 10m" per device, when the time was spent on more than one. */
function onEachDevice(windows: readonly WindowUse[]): string[] {
  const byDevice = new Map<string, number>();
  for (const w of windows) if (w.device) byDevice.set(w.device.name, (byDevice.get(w.device.name) ?? 0) + w.seconds);
  if (byDevice.size < 2) return [];
  return [...byDevice.entries()].sort((a, b) => b[1] - a[1]).map(([name, seconds]) => `- on ${name}: ${formatDuration(seconds)}`);
}

/** One line per window, longest first, the rest counted. */
function breakdown(windows: readonly WindowUse[], apps: readonly string[]): string[] {
  const shown = windows.slice(0, BREAKDOWN_MAX).map((w) => {
    const name = windowName(w.title, [w.app, ...apps]) || w.app;
    return `- ${name}${apps.length === 0 ? ` (${w.app})` : ''}: ${formatDuration(w.seconds)}`;
  });
  const rest = windows.slice(BREAKDOWN_MAX);
  if (rest.length > 0)
    shown.push(
      `- …and ${rest.length} other window${rest.length === 1 ? '' : 's'}: ${formatDuration(rest.reduce((s, w) => s + w.seconds, 0))}`,
    );
  return shown;
}

/** Windows naming every word of the question, else the ones naming most of them, else a fuzzy match for typos. */
function matchWindows(terms: readonly string[], windows: readonly WindowUse[]): WindowUse[] {
  const all = windows.filter((w) => terms.every((t) => termMatches(t, `${w.app} ${w.title}`)));
  if (all.length > 0) return all;
  const scored = windows.map((w) => ({ w, share: coverage(terms, w.title) })).filter((x) => x.share >= 0.5);
  const best = Math.max(0, ...scored.map((x) => x.share));
  if (best > 0) return scored.filter((x) => x.share === best).map((x) => x.w);
  const fuse = new Fuse([...windows], { keys: ['app', 'title'], threshold: 0.3, ignoreLocation: true, includeScore: true });
  const hits = fuse.search(terms.join(' '));
  const top = hits[0];
  if (!top) return [];
  return hits.filter((h) => (h.score ?? 1) <= (top.score ?? 0) + 0.05).map((h) => h.item);
}

export function windowEvidence(w: WindowUse, claim: string): Evidence {
  return {
    claim,
    at: iso(w.firstMs),
    until: iso(w.lastMs),
    app: w.app,
    windowTitle: w.title,
    snippet: `${w.title} — ${formatDuration(w.seconds)}, ${formatClockTime(w.firstMs)}–${formatClockTime(w.lastMs)}`,
    source: 'window',
    open: { at: iso(w.firstMs), screenTextId: null },
    ...(w.device && { device: w.device }),
  };
}
