import { z } from 'zod';
import { callOperation, defineTool, inputField } from './mcp-tool';

export const getMomentTool = defineTool({
  name: 'get_moment',
  title: 'A moment on screen',
  description:
    'What was on screen at a moment: the app and window, the text read from the screen then, whether a screenshot was kept, and the previous and next moments (to step through the day), all of one computer (named when the memory holds several). Give the time (ISO) and, from a search hit or an evidence link, the screen-text id. Private (excluded) windows are never named.',
  input: z.object({
    at: inputField('getMoment', 'at').describe('The moment as an ISO date-time, e.g. 2026-03-10T09:12:00Z'),
    screen_text_id: inputField('getMoment', 'screenTextId').describe('A screen-text id (search_screen hits and evidence carry it)'),
    device: inputField('getMoment', 'device').describe(
      'The computer (its name or id) when several were in use at that time; default the one the screen text was read on, else this one',
    ),
  }),
  async run(ctx, args) {
    const moment = await callOperation(ctx, 'getMoment', { at: args.at, screenTextId: args.screen_text_id, device: args.device });
    const where =
      moment.kind === 'app'
        ? `${moment.app} — "${moment.windowTitle}"`
        : moment.kind === 'private'
          ? 'a private (excluded) window'
          : moment.kind === 'idle'
            ? 'away (idle)'
            : 'not observed';
    const lines = [
      `${moment.at}: ${where}${moment.span ? ` (${moment.span.from} – ${moment.span.to})` : ''}${moment.device ? ` on ${moment.device.name}` : ''}`,
      moment.screenText ? `Screen text read at ${moment.screenText.at}:\n${moment.screenText.text}` : 'No screen text for this moment.',
      moment.frame.kept ? `Screenshot kept: ${moment.frame.path}` : `Screenshot: ${moment.frame.note}`,
      `Previous: ${moment.previous ? `${moment.previous.at} ${moment.previous.app ?? ''}` : 'none'}; next: ${moment.next ? `${moment.next.at} ${moment.next.app ?? ''}` : 'none'}`,
    ];
    return { text: lines.join('\n'), structured: moment };
  },
});
