import { z } from 'zod';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDeviceTimes, formatDuration } from '../../shared/format-duration';
import { readScreenCursor, screenCursor } from '../../core/ocr/screen-search';
import { formatTimeRange } from '../../shared/format-date';
import { cursorArg, pageOf } from './answer-budget';
import { callOperation, defineTool, inputField, limitArg } from './mcp-tool';
import { thisDeviceId } from './sync-tools';

/** Window titles an app lists (longest first); the rest are counted. */
const TITLES_PER_APP = 5;

export const currentActivityTool = defineTool({
  name: 'current_activity',
  title: 'Current activity',
  description:
    'What the user is doing right now: the focused app and window, the current task theory, the last app switch, the last significant change and recent frames (metadata; screenshots only with include_images when the user allowed it). Private (excluded) windows are never named.',
  input: z.object({
    include_images: z.boolean().default(false).describe('Also send the recent screenshots (only if the user allowed MCP images)'),
  }),
  async run(ctx, args) {
    const now = await ctx.liveActivity();
    // The work going on here: this computer's latest work session, not another device's.
    const [latest] = (await callOperation(ctx, 'listWorkSessions', { limit: 1, device: await thisDeviceId(ctx) })).workSessions;
    const theory = latest ? (await callOperation(ctx, 'getWorkSession', { id: latest.id })).theory : null;
    // "Now" is one record, the latest span and its task, whether the app runs (live) or not (what was last seen).
    const current = now?.current ?? (await callOperation(ctx, 'observationNow', {})).current;
    const lines = [`Now: ${current?.text ?? 'nothing observed yet.'}`];
    if (now) {
      lines.push(
        `Capture: ${now.state}`,
        `Last app switch: ${now.lastAppSwitch ?? 'none yet'}`,
        `Last significant change: ${now.lastSignificantChange ? `${now.lastSignificantChange.description} (${now.lastSignificantChange.at})` : 'none yet'}`,
        `Recent frames (oldest first): ${now.recentFrames.map((f) => `${f.at} ${f.app} — "${f.title}"`).join('; ') || 'none'}`,
      );
    } else lines.push('Workflow Shadow is not running: the line above is what was last recorded.');
    lines.push(`Task theory, as written at ${theory ? formatClockTime(theory.at) : '—'}: ${theory ? theory.text : 'none yet'}`);
    let images: Buffer[] = [];
    if (args.include_images) {
      const recent = ctx.recentImages();
      if ('refused' in recent) lines.push(`Screenshots not sent: ${recent.refused}`);
      else images = recent.images;
    }
    return { text: lines.join('\n'), structured: { now, current, theory }, images };
  },
});

export const appTimeTool = defineTool({
  name: 'app_time',
  title: 'App time',
  description:
    "Time spent per app and its longest window titles (idle and private time excluded and reported separately) for a local day (YYYY-MM-DD, default today) or one work session, on every device the user's memory is synced across, or on one; paged within the answer budget.",
  input: z.object({
    date: inputField('appTime', 'date').describe('Local day as YYYY-MM-DD; default today'),
    work_session_id: inputField('appTime', 'workSessionId').describe('A work session id instead of a day'),
    device: inputField('appTime', 'device').describe('Only this device (its name or id); default every device'),
    cursor: cursorArg,
  }),
  async run(ctx, args, budget) {
    const time = await callOperation(ctx, 'appTime', { date: args.date, workSessionId: args.work_session_id, device: args.device });
    const scope = time.date ? `on ${time.date}` : `in work session ${time.workSessionId}`;
    const { apps, ...totals } = time;
    const head = [
      `App time ${scope}: active ${formatDuration(time.totalActiveSeconds)}, idle ${formatDuration(time.idleSeconds)}, private ${formatDuration(time.privateSeconds)}.`,
      ...(time.devices ? [`By device: ${formatDeviceTimes(time.devices).join(', ')}.`] : []),
    ].join('\n');
    if (apps.length === 0) return { text: `${head}\nNo app time recorded.`, structured: time };
    return pageOf({
      items: apps,
      cursor: args.cursor,
      budget,
      head: { text: head, structured: totals },
      key: 'apps',
      noun: 'apps',
      line: (app) =>
        [
          `- ${app.app}: ${formatDuration(app.seconds)}${app.devices ? ` (on ${app.devices.map((d) => d.name).join(', ')})` : ''}`,
          ...app.titles.slice(0, TITLES_PER_APP).map((t) => `  - "${t.title}": ${formatDuration(t.seconds)}`),
          ...(app.titles.length > TITLES_PER_APP ? [`  - and ${app.titles.length - TITLES_PER_APP} more windows`] : []),
        ].join('\n'),
      data: (app) => ({ ...app, titles: app.titles.slice(0, TITLES_PER_APP), moreTitles: Math.max(0, app.titles.length - TITLES_PER_APP) }),
    });
  },
});

export const searchScreenTool = defineTool({
  name: 'search_screen',
  title: 'Search screen text',
  description:
    'Full-text search over the text Workflow Shadow read on the screen (OCR), best match first, with time, app and window. The same text seen again in the same window within minutes is one hit, with when it was first and last seen and how many times. Says how many hits there are in all; pass page.nextCursor as cursor for more. Private (excluded) windows are never read, so they never appear.',
  input: z.object({
    query: inputField('searchScreen', 'q'),
    app: inputField('searchScreen', 'app').describe('Only this app'),
    from: inputField('searchScreen', 'from').describe('From this moment (ISO date-time) or local day (YYYY-MM-DD)'),
    to: inputField('searchScreen', 'to').describe('Until this moment or local day (inclusive)'),
    limit: limitArg(inputField('searchScreen', 'limit'), 10),
    device: inputField('searchScreen', 'device').describe('Only text read on this device (its name or id)'),
    cursor: inputField('searchScreen', 'cursor').describe('The page.nextCursor of an earlier answer, for the next page'),
  }),
  async run(ctx, args, budget) {
    const result = await callOperation(ctx, 'searchScreen', {
      q: args.query,
      app: args.app,
      from: args.from,
      to: args.to,
      limit: args.limit,
      device: args.device,
      cursor: args.cursor,
    });
    const { hits, total, totalExact, cursor, nextCursor: _next, ...about } = result;
    if (total === 0) return { text: `"${args.query}" was not seen on screen.`, structured: { ...about, hits, total, totalExact } };
    const page = readScreenCursor(cursor)!;
    return pageOf({
      items: hits,
      cursor: args.cursor,
      budget,
      head: {
        text: `"${args.query}" on screen: ${totalExact ? total : `at least ${total}`} ${total === 1 ? 'hit' : 'hits'}, best first.`,
        structured: about,
      },
      key: 'hits',
      noun: 'hits',
      line: (h) =>
        `- ${formatTimeRange(h.firstAt, h.lastAt)}${h.timesSeen > 1 ? ` (seen ${h.timesSeen} times)` : ''} · ${h.app} — "${h.title}"${h.device ? ` (on ${h.device.name})` : ''}: ${h.snippet}`,
      data: (h) => h,
      slice: { offset: page.offset, total, exact: totalExact, cursorAt: (offset) => screenCursor(offset, page.upToId) },
    });
  },
});
