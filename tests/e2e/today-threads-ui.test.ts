import AxeBuilder from '@axe-core/playwright';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../../src/shared/contract/index';
import { threadCount, threadName, threadState } from '../../src/shared/thread-words';
import { internalWordsIn } from '../helpers/internal-words';
import { writeTinyDay, type TinyDaySegment } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';
import { openWebUi, type WebUi } from '../helpers/web-ui';

/**
 * Today in Chromium shows the day's work in threads (issue 24, point 2), on a replayed morning of a
 * support engineer read by Tesseract: a ticket worked in the browser, the terminal and again in the
 * browser is one thread, last seen resolved; an invoice approved in the mail is another; a chat that names
 * no record stays a task of its own. What the window says is what the timeline says.
 */
const TICKET = 'OPS-812';
// The ticket's page as it reads later differs enough from the first look for a new frame to be read.
const jira = (status: string, more: readonly string[] = []): TinyDaySegment => ({
  app: 'Chromium',
  title: `[${TICKET}] Retry loop on checkout - Jira - Chromium`,
  seconds: 420,
  text: [...more, `Ticket ${TICKET}`, 'Retry loop on checkout', `Status: ${status}`],
});
const MORNING: readonly TinyDaySegment[] = [
  jira('In Progress'),
  {
    app: 'Terminal',
    title: `dev@web-3: ~/checkout (${TICKET}) - Terminal`,
    seconds: 360,
    text: [`git switch fix/${TICKET}`, 'all tests passed'],
  },
  { app: 'Slack', title: 'general - Slack', seconds: 300, text: ['general', 'Morning all'] },
  {
    app: 'Microsoft Outlook',
    title: 'Invoice 5120 from Halden Paper - Outlook',
    seconds: 360,
    text: ['Invoice 5120 from Halden Paper', 'Status: Approved'],
  },
  jira('Resolved', ['Comment from Lena Park:', 'Deployed to production at 09:22,', 'retries stopped. Closing this.', 'Resolution: Fixed']),
];

let ui: WebUi;
let dayDir: string;

beforeAll(async () => {
  dayDir = await writeTinyDay(MORNING, '2026-11-10T09:00:00.000Z');
  ui = await openWebUi(['--replay', dayDir]);
  // An answered interview question keeps the first-run wizard out of the way.
  await ui.shadow.send('PUT', '/interview/answers', { answers: { role: 'Support engineer' } });
  await waitFor(() => Promise.resolve(ui.shadow.output()), {
    what: 'the replay to finish',
    until: (out) => out.includes('Replay finished'),
    timeoutMs: 120_000,
  });
  await waitFor(() => ui.shadow.get<{ queued: number }>('/screen/ocr'), {
    what: 'OCR to catch up',
    until: (s) => s.queued === 0,
    timeoutMs: 400_000,
  });
}, 600_000);

afterAll(async () => {
  await ui?.close();
  if (dayDir) rmSync(dayDir, { recursive: true, force: true });
});

describe('Today in work threads', () => {
  it('shows each thread with its kind, time in all, apps and state, as the timeline has them', async () => {
    let threads = '';
    const day = await waitFor(async () => (await ui.shadow.get<Timeline>('/timeline?date=2026-11-10')).days[0]!, {
      what: 'the ticket’s thread with its last state',
      until: (d) => {
        threads = JSON.stringify(d.threads, null, 1);
        return d.threads.some((t) => t.name === TICKET && t.state?.status === 'done');
      },
      details: () => `the threads: ${threads}`,
      timeoutMs: 60_000,
    });
    const ticket = day.threads.find((t) => t.name === TICKET)!;
    expect(ticket.kind).toBe('ticket');
    expect(ticket.apps).toEqual(expect.arrayContaining(['Chromium', 'Terminal']));
    expect(ticket.taskIds.length).toBeGreaterThanOrEqual(2);
    const invoice = day.threads.find((t) => t.name.includes('5120'));
    expect(invoice?.state?.status).toBe('done');

    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('chart-previous').waitFor();
    // The replayed day is the engine's today.
    const list = page.getByTestId('thread-list');
    await list.waitFor({ timeout: 30_000 });
    expect(await list.getByTestId('thread-count').textContent()).toBe(threadCount(day.tasks.length, day.threads.length));

    const rows = list.getByTestId('thread');
    await expect.poll(() => rows.count()).toBe(day.threads.length);
    const row = list.locator(`[data-thread-id="${ticket.id}"]`);
    expect(await row.getByTestId('thread-name').textContent()).toBe(`ticket ${TICKET}`);
    expect(await row.getByTestId('thread-state').textContent()).toBe('resolved');
    expect(await row.textContent()).toContain(`${ticket.taskIds.length} tasks`);
    expect(await row.textContent()).toContain('Chromium');
    const invoiceRow = list.locator(`[data-thread-id="${invoice!.id}"]`);
    expect(await invoiceRow.getByTestId('thread-state').textContent()).toBe(threadState(invoice!));
    expect(await invoiceRow.getByTestId('thread-name').textContent()).toBe(threadName(invoice!));

    // The chat names no record: it is shown as the task it was, with no state.
    const chat = day.threads.find((t) => t.kind === null && t.name.startsWith('general'));
    expect(chat).toBeDefined();
    expect(await list.locator(`[data-thread-id="${chat!.id}"]`).getByTestId('thread-state').count()).toBe(0);

    // A thread opens its first task; the day chart's task lane says which thread a task is part of.
    await row.getByTestId('thread-name').click();
    await page.getByTestId('task-detail').waitFor();
    const bar = page.locator(`[data-testid="chart-task"][data-task-id="${ticket.taskIds[1]}"]`);
    expect(await bar.getAttribute('aria-label')).toContain(`part of ticket ${TICKET}`);

    expect(internalWordsIn((await list.textContent()) ?? '')).toEqual([]);
    const axe = await new AxeBuilder({ page }).include('[data-testid="thread-list"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(ui.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
