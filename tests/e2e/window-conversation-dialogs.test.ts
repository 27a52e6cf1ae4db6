import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session, TitleHistoryEntry, Timeline, Toc } from '../../src/shared/contract/index';
import { computedStyles, focusedAttribute, focusInside, pageScrollY } from '../helpers/page-dom';
import type { TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { demoDay, webUiForSuite, type WebUi } from '../helpers/web-ui';

/**
 * A conversation and the dialogs in Chromium, driven by keyboard and mouse: search as you type, rename
 * in place (the user's title survives new turns), the contents scroll the conversation pane and mark
 * the turn jumped to, the narrow window's buttons, and every dialog keeping the focus and closing on
 * Escape wherever the focus fell.
 */

const NARROW = { width: 760, height: 800 };
const WIDE = { width: 1280, height: 800 };

function withoutOcr(home: TempShadowHome): void {
  mkdirSync(home.paths.dir, { recursive: true });
  writeFileSync(home.paths.settings, JSON.stringify({ ocrEnabled: false }));
}

const web = webUiForSuite(['--replay', demoDay], withoutOcr);
let ui: WebUi;

beforeAll(async () => {
  ui = web();
  await waitFor(() => ui.shadow.get<{ capture: { state: string } }>('/health'), {
    what: 'the demo day to be replayed to its end',
    until: (health) => health.capture.state === 'stopped',
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}, 90_000);

/** A conversation made over the API (untitled unless `title`), with `prompts` as its turns and its contents written. */
async function conversation(prompts: readonly string[], title?: string): Promise<Session> {
  const session = await ui.shadow.post<Session>('/sessions', { type: 'chat', ...(title && { title }) });
  for (const content of prompts) await ui.shadow.post(`/sessions/${session.id}/messages`, { content });
  await waitFor(() => ui.shadow.get<Toc>(`/sessions/${session.id}/toc`), {
    what: 'the contents of the conversation',
    until: (toc) => toc.pending === 0 && toc.totalTurns === prompts.length,
  });
  return ui.shadow.get<Session>(`/sessions/${session.id}`);
}

async function openConversation(id: string, viewport = WIDE): Promise<Page> {
  const page = await ui.newPage({ viewport });
  await page.goto(`${ui.uiUrl}&session=${id}`);
  await expect.poll(() => page.getByTestId('turn').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return page;
}

/** Axe-core's findings inside one dialog. */
async function axeIn(page: Page, testId: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(`[data-testid="${testId}"]`).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Tab and Shift+Tab a dozen times each: the focus never leaves the dialog. */
async function expectFocusKeptIn(page: Page, testId: string): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(page, `[data-testid="${testId}"]`), `${testId} after ${key} ×${i + 1}`).toBe(true);
    }
  }
}

describe('the conversation', () => {
  it('searches as the user types, without Enter, and says how many turns match', async () => {
    const session = await conversation([
      'Which supplier statements are still open?',
      'The quokka column of the payroll sheet is empty',
      'How long was I in Excel today?',
    ]);
    const page = await openConversation(session.id);
    const search = page.getByTestId('session-search');
    await search.click();
    await page.keyboard.type('quok', { delay: 40 });
    await expect
      .poll(() => page.getByTestId('search-hit').evaluateAll((hits) => hits.map((h) => h.getAttribute('data-turn'))))
      .toEqual(['2']);
    expect(await page.getByTestId('session-search-status').textContent()).toBe('1 turn mentions “quok”');
    await page.keyboard.type('ka payroll zebra', { delay: 20 });
    await expect.poll(() => page.getByTestId('session-search-status').textContent()).toBe('No turn mentions “quokka payroll zebra”.');
    expect(await page.getByTestId('search-hit').count()).toBe(0);
    await search.fill('');
    await expect.poll(() => page.getByTestId('session-search-hits').count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('renames in the window, and the user’s title stays through new turns on other topics', async () => {
    const session = await conversation(['Reconcile the fuel card statement']);
    const page = await openConversation(session.id);
    const title = page.getByTestId('session-title');
    // Escape leaves the title as it was.
    await page.getByTestId('session-rename').click();
    expect(await focusedAttribute(page, 'data-testid')).toBe('rename-input');
    await page.keyboard.type(' and more');
    await page.keyboard.press('Escape');
    expect(await title.textContent()).toBe(session.title);
    expect(await focusedAttribute(page, 'data-testid')).toBe('session-rename');

    await page.keyboard.press('Enter');
    await page.getByTestId('rename-input').fill('Fleet costs, March');
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe('Fleet costs, March');
    expect(await ui.shadow.get<Session>(`/sessions/${session.id}`)).toMatchObject({ title: 'Fleet costs, March', titleByUser: true });

    for (const prompt of ['Which apps did I use most today?', 'What did I do before lunch?']) {
      const turns = await page.getByTestId('turn').count();
      await page.getByTestId('composer').fill(prompt);
      await page.getByTestId('composer').press('Enter');
      await expect.poll(() => page.getByTestId('turn').count(), { timeout: 15_000 }).toBe(turns + 1);
    }
    await waitFor(() => ui.shadow.get<Toc>(`/sessions/${session.id}/toc`), {
      what: 'the new turns’ contents (the title is reconsidered after each)',
      until: (toc) => toc.pending === 0 && toc.totalTurns === 3,
    });
    expect(await title.textContent()).toBe('Fleet costs, March');
    expect(await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).textContent()).toContain(
      'Fleet costs, March',
    );
    const history = await ui.shadow.get<{ entries: TitleHistoryEntry[] }>(`/sessions/${session.id}/title-history`);
    expect(history.entries[0]).toMatchObject({ title: 'Fleet costs, March', byUser: true });
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('jumps through the contents by scrolling the conversation, never the page, and marks the turn jumped to', async () => {
    const prompts = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? `What did I do before lunch? (${i + 1})` : `Which apps did I use most today? (${i + 1})`,
    );
    const session = await conversation(prompts, 'A long look back');
    for (const viewport of [WIDE, NARROW]) {
      const page = await openConversation(session.id, viewport);
      const pane = page.getByTestId('turns');
      for (const turn of [3, 7]) {
        if (viewport === NARROW) await page.getByTestId('toc-toggle').click();
        await page.locator(`[data-testid="toc-entry"][data-turn="${turn}"]`).click();
        const paneBox = (await pane.boundingBox())!;
        await expect
          .poll(
            async () => {
              const box = (await page.locator(`#turn-${turn}`).boundingBox())!;
              return Math.round(box.y - paneBox.y);
            },
            { message: `turn ${turn} at the top of the pane at ${viewport.width} px` },
          )
          // Both bounds at once: a smooth scroll upwards passes through offsets far above the pane's top.
          .toSatisfy((offset: number) => offset >= 0 && offset < 40);
        expect(Math.round((await page.locator(`#turn-${turn}`).boundingBox())!.y - paneBox.y)).toBeGreaterThanOrEqual(0);
        expect(await pageScrollY(page), `the page at ${viewport.width} px`).toBe(0);
        expect((await page.locator('.conversation-head').boundingBox())!.y).toBeGreaterThanOrEqual(0);
        if (viewport === NARROW) await page.getByTestId('toc-toggle').click();
        const current = await page
          .locator('[data-testid="toc-entry"][aria-current="location"]')
          .evaluateAll((entries) => entries.map((e) => e.getAttribute('data-turn')));
        expect(current).toEqual([String(turn)]);
        // As a drawer over the conversation, the contents close with their own button.
        if (viewport === NARROW) await page.getByRole('button', { name: 'Close the contents' }).click();
      }
      await page.close();
    }
    expect(ui.errors).toEqual([]);
  }, 180_000);

  it('at 760 px shows “New chat” on one line and “Resume…” whole', async () => {
    const session = await conversation(['How long was I in Excel today?']);
    const page = await openConversation(session.id, NARROW);
    for (const id of ['new-session', 'open-resume']) {
      const button = page.getByTestId(id);
      const fits = await button.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, `${id} clipped`).toBe(true);
      const height = (await button.boundingBox())!.height;
      const lineHeight = parseFloat((await computedStyles(page, `[data-testid="${id}"]`, 'lineHeight'))[0]!);
      expect(height, `${id} on one line`).toBeLessThan(lineHeight * 2);
    }
    expect(await page.getByTestId('open-resume').textContent()).toBe('Resume…');
    await page.close();
  });
});

describe('dialogs by keyboard', () => {
  it('keeps the focus in what was on screen, and Escape closes it after “← Earlier” went disabled under the focus', async () => {
    const day = (await ui.shadow.get<Timeline>('/timeline')).days[0]!;
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const second = page.locator(`[data-testid="chart-task"][data-task-id="${day.tasks[1]!.id}"]`);
    await expect.poll(() => second.count(), { timeout: 15_000 }).toBe(1);
    await second.click();
    await page.getByTestId('task-see-screen').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('moment-dialog');
    await expect.poll(() => dialog.getByTestId('moment-time').count(), { timeout: 15_000 }).toBe(1);
    expect(await axeIn(page, 'moment-dialog')).toEqual([]);
    await expectFocusKeptIn(page, 'moment-dialog');

    // The first moment of the day has nothing earlier: the button goes disabled under the keyboard's focus.
    const earlier = dialog.getByTestId('moment-previous');
    await earlier.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => earlier.isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByTestId('moment-time').getAttribute('datetime')).toBe(day.tasks[0]!.startedAt);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focusedAttribute(page, 'data-testid')).toBe('task-see-screen');
    expect(ui.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('keeps the focus in the resume and delete dialogs and the interview, each closing on Escape back to its button', async () => {
    const session = await conversation(['Which supplier statements are still open?'], 'Supplier statements');
    const page = await openConversation(session.id);
    const cases = [
      { opener: 'open-resume', dialog: 'resume-dialog', ready: () => page.getByTestId('resume-item').first().waitFor() },
      { opener: 'session-delete', dialog: 'delete-dialog', ready: () => page.getByTestId('delete-cancel').waitFor() },
    ];
    for (const { opener, dialog, ready } of cases) {
      await page.getByTestId(opener).focus();
      await page.keyboard.press('Enter');
      await ready();
      expect(await focusInside(page, `[data-testid="${dialog}"]`), dialog).toBe(true);
      expect(await axeIn(page, dialog), dialog).toEqual([]);
      await expectFocusKeptIn(page, dialog);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId(dialog).count(), { message: dialog }).toBe(0);
      expect(await focusedAttribute(page, 'data-testid'), dialog).toBe(opener);
    }
    expect((await ui.shadow.get<Session>(`/sessions/${session.id}`)).turnCount).toBe(1);

    await page.getByTestId('nav-you').click();
    const start = page.getByTestId('start-interview');
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('onboarding-wizard').waitFor();
    expect(await axeIn(page, 'onboarding-wizard')).toEqual([]);
    await expectFocusKeptIn(page, 'onboarding-wizard');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('onboarding-wizard').count()).toBe(0);
    expect(await focusedAttribute(page, 'data-testid')).toBe('start-interview');
    expect(ui.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
