import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Question, ResumeView, Session, Turn } from '../../src/shared/contract/index';
import { focusedAttribute, focusShown, pageScrollWidth } from '../helpers/page-dom';
import { runShadow, TEST_API_TOKEN } from '../helpers/shadow-process';
import type { TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { demoDay, webUiForSuite, type WebUi } from '../helpers/web-ui';

/**
 * The window's conversations and its reach in Chromium: deleting (with a confirm, and from
 * elsewhere), a link to a conversation that is not there, times that tell the truth on a replayed
 * day, questions that say what became of them, the narrow layout, and axe-core over every view.
 */

const NARROW = { width: 760, height: 800 };

function withoutOcr(home: TempShadowHome): void {
  mkdirSync(home.paths.dir, { recursive: true });
  writeFileSync(home.paths.settings, JSON.stringify({ ocrEnabled: false }));
}

const web = webUiForSuite(['--replay', demoDay], withoutOcr);
let ui: WebUi;

/** A conversation made over the API, with `prompts` as its turns. */
async function conversation(title: string, prompts: readonly string[]): Promise<Session> {
  const session = await ui.shadow.post<Session>('/sessions', { type: 'chat', title });
  for (const content of prompts) await ui.shadow.post(`/sessions/${session.id}/messages`, { content });
  return ui.shadow.get<Session>(`/sessions/${session.id}`);
}

async function openConversation(id: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await ui.newPage({ viewport });
  await page.goto(ui.uiUrl);
  await page.getByTestId('nav-chat').click();
  await page.locator(`[data-testid="session-item"][data-session-id="${id}"]`).click();
  await expect.poll(() => page.getByTestId('turn').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return page;
}

/** Serious and critical axe-core findings (WCAG 2.1 A and AA) on the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  ui = web();
  await waitFor(() => ui.shadow.get<{ capture: { state: string } }>('/health'), {
    what: 'the demo day to be replayed to its end',
    until: (health) => health.capture.state === 'stopped',
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}, 90_000);

describe('deleting a conversation', () => {
  it('asks first (Esc keeps it), then deletes it with its turns and outputs, and the list lets go of it', async () => {
    const doomed = await conversation('Duplicate vendor bill', ['Vendor bill 7781 was entered twice', 'Void the second copy']);
    await ui.shadow.post(`/sessions/${doomed.id}/outputs`, { kind: 'command', content: 'voided 7781-B', turn: 2 });
    const page = await openConversation(doomed.id);
    await page.getByTestId('session-delete').click();
    const dialog = page.getByTestId('delete-dialog');
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    expect(await dialog.textContent()).toContain('Delete “Duplicate vendor bill”?');
    expect(await dialog.textContent()).toContain('Its 2 turns, title history, context sets and stored outputs are removed');
    // Cancel has the focus: a stray Enter never deletes.
    expect(await focusedAttribute(page, 'data-testid')).toBe('delete-cancel');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect((await ui.shadow.get<Session>(`/sessions/${doomed.id}`)).turnCount).toBe(2);

    await page.getByTestId('session-delete').click();
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => page.locator(`[data-testid="session-item"][data-session-id="${doomed.id}"]`).count()).toBe(0);
    expect(await page.getByTestId('example-prompt').count()).toBeGreaterThan(0);
    await expect(ui.shadow.get(`/sessions/${doomed.id}`)).rejects.toThrow(/answered 404/);
    await expect(ui.shadow.get(`/sessions/${doomed.id}/outputs`)).rejects.toThrow(/answered 404/);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('lets go of a conversation deleted elsewhere (the CLI) while it is open', async () => {
    const elsewhere = await conversation('Bank portal login', ['The bank portal asked for a new token']);
    const page = await openConversation(elsewhere.id);
    // `shadow sessions delete` finds the running app and deletes there, as a user in a terminal would.
    const deleted = await runShadow(['sessions', 'delete', elsewhere.id], { ...ui.home.env, SHADOW_API_TOKEN: TEST_API_TOKEN });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toMatch(new RegExp(`^Deleted ${elsewhere.id} ".+" and its 1 turn\\.\n$`));
    await expect.poll(() => page.getByTestId('example-prompt').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The conversation list refreshes on its own event, not necessarily before the open view lets go.
    await expect.poll(() => page.locator(`[data-testid="session-item"][data-session-id="${elsewhere.id}"]`).count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('says once that a linked conversation is not there, without a composer or contents', async () => {
    const page = await ui.newPage();
    await page.goto(`${ui.uiUrl}&session=ses_doesnotexist1`);
    const missing = page.getByTestId('conversation-missing');
    await expect.poll(() => missing.count(), { timeout: 10_000 }).toBe(1);
    expect(await missing.textContent()).toContain('There is no conversation ses_doesnotexist1 in this profile');
    expect(await page.getByText(/not found/i).count()).toBe(0);
    expect(await page.getByTestId('composer').count()).toBe(0);
    expect(await page.getByTestId('toc-panel').count()).toBe(0);
    await page.getByTestId('missing-new-chat').click();
    await expect.poll(() => page.getByTestId('composer').count()).toBe(1);
    // The one request for it answered 404 (the browser logs that); nothing else asked for it.
    expect(ui.errors.filter((e) => !e.includes('404'))).toEqual([]);
    expect(ui.errors.filter((e) => e.includes('404'))).toHaveLength(1);
    ui.errors.length = 0;
    await page.close();
  });
});

describe('times that tell the truth', () => {
  it('stamps a turn when it was sent, not at the replayed day’s clock, and says "just now" wherever last active shows', async () => {
    const before = Date.now();
    const session = await conversation('Reconciliation questions', ['How long was I in Excel today?']);
    const { turn } = await ui.shadow.get<{ turn: Turn }>(`/sessions/${session.id}/turns/1`);
    expect(Date.parse(turn.createdAt)).toBeGreaterThanOrEqual(before);
    const page = await openConversation(session.id);
    const stamp = page.locator('[data-testid="turn"][data-turn="1"] [data-testid="turn-time"]');
    expect(await stamp.getAttribute('datetime')).toBe(turn.createdAt);
    const shown = await page.evaluate(
      (at) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(Date.parse(at)),
      turn.createdAt,
    );
    expect(await stamp.textContent()).toBe(shown);
    expect(await page.getByTestId('session-last-active').textContent()).toBe('last active just now');
    expect(await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).textContent()).toContain('just now');

    await page.getByTestId('session-pause').click();
    await expect.poll(() => page.getByTestId('session-status').getAttribute('data-status')).toBe('paused');
    await page.getByTestId('session-resume').click();
    const block = page.getByTestId('resume-block');
    await expect.poll(() => block.count()).toBe(1);
    expect(await block.textContent()).toContain('Last active: just now');
    // Renamed after resuming: the banner follows the title.
    await ui.shadow.send('PATCH', `/sessions/${session.id}`, { title: 'Bank reconciliation' });
    await expect.poll(() => page.getByTestId('resume-banner-title').textContent()).toBe('Resumed “Bank reconciliation”');
    expect((await ui.shadow.post<ResumeView>(`/sessions/${session.id}/resume`)).block).toContain('Last active: just now');
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('says what became of a question once it is answered or put off', async () => {
    const pending = await waitFor(() => ui.shadow.get<{ questions: Question[] }>('/questions'), {
      what: 'two pending questions from the demo day',
      until: (answer) => answer.questions.length >= 2,
    });
    const [first, second] = pending.questions;
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const item = (q: Question) => page.locator(`[data-testid="question"][data-question-id="${q.id}"]`);
    await item(first!).getByTestId('question-answer').fill('Checking the vendor statement against the ledger');
    await item(first!).getByTestId('question-submit').click();
    const note = page.getByTestId('question-note');
    await expect.poll(() => note.textContent()).toContain('Thanks: your answer is part of what the shadow knows');
    expect(await note.getAttribute('role')).toBe('status');
    await expect.poll(() => item(first!).count()).toBe(0);
    await item(second!).getByTestId('question-snooze').click();
    await expect.poll(() => note.textContent()).toContain("I'll ask again in 60 minutes.");
    expect(await note.textContent()).toContain(second!.text);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('a narrow window and accessibility', () => {
  it('at 760 px keeps every part reachable: the contents open from a toggle, jump to a turn and search', async () => {
    const session = await conversation(
      'Ledger review',
      Array.from({ length: 8 }, (_, i) => `Checkpoint ${i + 1}: ledger line ${i === 2 ? 'quokka' : 'amount'} reviewed`),
    );
    await ui.shadow.send('PATCH', `/sessions/${session.id}`, { title: 'Ledger review, part two' });
    const page = await openConversation(session.id, NARROW);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(NARROW.width);
    const panel = page.getByTestId('toc-panel');
    expect(await panel.isVisible()).toBe(false);
    const toggle = page.getByTestId('toc-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await panel.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('title-history').count()).toBe(1);
    await panel.locator('.title-history summary').click();
    expect(await page.getByTestId('title-history-entry').first().textContent()).toMatch(/^Ledger review, part twofrom turn 8 · /);

    await page.getByTestId('session-search').fill('quokka');
    await page.getByTestId('session-search').press('Enter');
    await expect.poll(() => page.getByTestId('search-hit').getAttribute('data-turn')).toBe('3');
    await page.getByTestId('search-hit').click();
    expect(await panel.isVisible()).toBe(false);
    await expect.poll(() => page.locator('#turn-3').getAttribute('class')).toContain('highlighted');
    expect(await axeFindings(page)).toEqual([]);

    const today = await ui.newPage({ viewport: NARROW });
    await today.goto(ui.uiUrl);
    await expect.poll(() => today.getByTestId('chart-task').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await pageScrollWidth(today)).toBeLessThanOrEqual(NARROW.width);
    expect(await axeFindings(today)).toEqual([]);
    expect(ui.errors).toEqual([]);
    await page.close();
    await today.close();
  }, 120_000);

  it('has no serious or critical axe-core findings on Today, Chat, About you and the dialogs, light and dark', async () => {
    const session = await conversation('Vendor statements', ['Which vendor statements are still open?', 'What did I do before lunch?']);
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await ui.newPage({ colorScheme });
      await page.goto(ui.uiUrl);
      await expect.poll(() => page.getByTestId('chart-task').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByTestId('chart-task').nth(2).click();
      expect(await axeFindings(page), `Today (${colorScheme})`).toEqual([]);
      await page.getByTestId('chart-mode-week').click();
      await expect.poll(() => page.getByTestId('week-day').count()).toBe(7);
      expect(await axeFindings(page), `the week (${colorScheme})`).toEqual([]);

      await page.getByTestId('nav-chat').click();
      await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
      await expect.poll(() => page.getByTestId('turn').count(), { timeout: 15_000 }).toBe(2);
      expect(await axeFindings(page), `Chat (${colorScheme})`).toEqual([]);
      await page.getByTestId('session-delete').click();
      expect(await axeFindings(page), `the delete dialog (${colorScheme})`).toEqual([]);
      await page.getByTestId('delete-cancel').click();
      await page.getByTestId('open-resume').click();
      await expect.poll(() => page.getByTestId('resume-item').count()).toBeGreaterThan(0);
      expect(await axeFindings(page), `the resume dialog (${colorScheme})`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByTestId('nav-you').click();
      await expect.poll(() => page.getByTestId('guide').count(), { timeout: 15_000 }).toBe(1);
      expect(await axeFindings(page), `About you (${colorScheme})`).toEqual([]);
      await page.close();
    }
    expect(ui.errors).toEqual([]);
  }, 300_000);

  it('reaches every action of the header and tabs from the keyboard, with a visible focus', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await expect.poll(() => page.getByTestId('chart-task').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const reached = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const focus = await focusShown(page);
      reached.add(focus.id);
      expect(focus.ring, `a visible focus on ${focus.id}`).toBe(true);
    }
    for (const id of ['nav-today', 'nav-chat', 'nav-you', 'chart-mode-day', 'chart-mode-week', 'chart-previous'])
      expect(reached).toContain(id);
    await page.close();
  });
});
