import Fuse from 'fuse.js';
import type { Evidence } from '../../../shared/contract/evidence';
import { formatClockTime } from '../../../shared/format-clock-time';
import { formatDeviceTimes, formatDuration } from '../../../shared/format-duration';
import { iso } from '../../clock';
import type { WindowUse } from '../../store/repositories/activity-repository';
import { windowName } from '../day-tasks';
import { itemViews } from '../../understanding/item-views';
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

/** "How long was I in Outlook today? (roughly)", "time in slack", "how long did I work on the spring forecast?". */
export function answerTimeSpent(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const window = windowOf(time);
  const appTime = ctx.store.activity.appTime({ window });
  if (appTime.apps.length === 0) return answer([nothingObserved(ctx, window, time.label)], [], false);
  const windows = ctx.store.activity.windowsIn(window);
  if (question.terms.length === 0) {
    const top = appTime.apps.slice(0, 5).map((a) => `- ${a.app}: ${formatDuration(a.seconds)}`);
    const evidence = appTime.apps.slice(0, 5).flatMap((a) => {
      const main = windows.find((w) => w.app === a.app);
      return main ? [windowEvidence(main, `${a.app}: ${formatDuration(a.seconds)}`)] : [];
    });
    const split = (appTime.devices ?? []).length > 1 ? ` (${formatDeviceTimes(appTime.devices!).join(', ')})` : '';
    return answer(
      [`You were active ${formatDuration(appTime.totalActiveSeconds)} ${time.label}${split}. Most time went to:`, '', ...top],
      evidence,
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
    return answer(lines, evidence);
  }
  const onItem = itemTime(ctx, question, window, time.label);
  if (onItem) return onItem;
  const matched = matchWindows(question.terms, windows);
  if (matched.length === 0) {
    const seen = appTime.apps.slice(0, 5).map((a) => a.app);
    return answer([`I found no app or window matching ${quoted(question)} ${time.label}. The apps I saw: ${joinAnd(seen)}.`], [], false);
  }
  const total = matched.reduce((sum, w) => sum + w.seconds, 0);
  const names = [...new Set(matched.map((w) => windowName(w.title, [w.app])))];
  const lines = [`You spent ${formatDuration(total)} in ${joinAnd(names.slice(0, 3).map((n) => `“${n}”`))} ${time.label}.`];
  if (matched.length > 1) lines.push(...breakdown(matched, []));
  else lines.push(`First at ${formatClockTime(matched[0]!.firstMs)}, last until ${formatClockTime(matched[0]!.lastMs)}.`);
  const evidence = matched.slice(0, BREAKDOWN_MAX).map((w) => windowEvidence(w, `${formatDuration(w.seconds)} in ${w.title}`));
  return answer(lines, evidence);
}

/**
 * "How long did I spend on OPS-1187?": the time a record the question names (by its number or key) was
 * on screen, in every app: its windows' titles, and the screens that were about it (a list of many
 * records is about none of them).
 */
function itemTime(
  ctx: RecallContext,
  question: UnderstoodQuestion,
  window: { startMs: number; endMs: number },
  label: string,
): RecallAnswer | null {
  if (!question.terms.some((t) => /\d/.test(t))) return null;
  const sightings = ctx.store.items.sightingsIn(window);
  const listed = new Map<number, number>();
  for (const s of sightings)
    if (s.source === 'screen' && (s.kind === 'identifier' || s.kind === 'document')) listed.set(s.refId, (listed.get(s.refId) ?? 0) + 1);
  const views = itemViews(
    sightings.filter((s) => s.source === 'title' || (listed.get(s.refId) ?? 0) <= 2),
    window,
  ).filter(
    (v) =>
      (v.kind === 'identifier' || v.kind === 'document') &&
      question.terms.every((t) => termMatches(t, `${v.name} ${v.forms.join(' ')} ${v.roles.join(' ')}`)),
  );
  const item = views.sort((a, b) => b.seconds - a.seconds)[0];
  if (!item || item.seconds === 0) return null;
  const lines = [
    `You had **${item.name}** on screen ${formatDuration(item.seconds)} ${label}, in ${joinAnd(item.apps.slice(0, 4))}, from ${formatClockTime(item.firstMs)} to ${formatClockTime(item.lastMs)}.`,
  ];
  if (item.windows.length > 1)
    lines.push(
      '',
      ...item.windows
        .slice(0, BREAKDOWN_MAX)
        .map((w) => `- ${windowName(w.title, [w.app]) || w.app} (${w.app}): ${formatDuration(w.seconds)}`),
    );
  const evidence = item.windows.slice(0, BREAKDOWN_MAX).map((w) => ({
    claim: `${item.name} on screen ${formatDuration(w.seconds)} in ${w.title}`,
    at: iso(w.firstMs),
    until: iso(w.lastMs),
    app: w.app,
    windowTitle: w.title,
    snippet: `${w.title} — ${formatDuration(w.seconds)}`,
    source: 'window' as const,
    open: { at: iso(w.firstMs), screenTextId: null },
  }));
  return answer(lines, evidence);
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
