import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Interview, Question } from '../../src/shared/contract/memory';
import { waitFor } from '../helpers/wait';
import { demoDay, webUiForSuite, type WebUi } from '../helpers/web-ui';

/**
 * First run and what the shadow learns about the user, in Chromium: the onboarding wizard, the About
 * you page (answers, baseline, workflow guide) and the clarifying questions on Today.
 *
 * The demo day is replayed through a link of another name, so its recorded interview is not applied
 * (it only is for a folder named `day` beside `interview.json`): the profile starts as a first run,
 * and the day still brings its questions.
 */

const linkDir = mkdtempSync(join(tmpdir(), 'shadow-day-link-'));
const dayWithoutInterview = join(linkDir, 'recorded-day');
symlinkSync(demoDay, dayWithoutInterview);

async function pendingQuestions(ui: WebUi): Promise<Question[]> {
  return (await ui.shadow.get<{ questions: Question[] }>('/questions')).questions;
}

/** The questions of the demo day, asked once the replay has got far enough. */
function waitForQuestions(ui: WebUi, count: number): Promise<Question[]> {
  return waitFor(() => pendingQuestions(ui), {
    what: `${count} pending clarifying questions from the demo day`,
    until: (questions) => questions.length >= count,
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}

function questionItem(page: Page, id: number) {
  return page.locator(`[data-testid="question"][data-question-id="${id}"]`);
}

afterAll(() => rmSync(linkDir, { recursive: true, force: true }));

describe('first run: the interview wizard, then About you and the questions', () => {
  const web = webUiForSuite(['--replay', dayWithoutInterview, '--speed', '2000']);

  it('walks through the interview, saving each answer, and lets the user correct the summary', async () => {
    const ui = web();
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const wizard = page.getByTestId('onboarding-wizard');
    await expect.poll(() => wizard.count(), { timeout: 15_000 }).toBe(1);
    const interview = await ui.shadow.get<Interview>('/interview');
    expect(await page.getByTestId('onboarding-progress').textContent()).toBe(`1 of ${interview.questions.length}`);
    expect(await wizard.textContent()).toContain(interview.questions[0]!.prompt);

    await page.getByTestId('onboarding-answer').fill('Accounts payable clerk; a good week ends with every vendor paid on time');
    await page.getByTestId('onboarding-next').click();
    // Saved as soon as the user moves on, not only at the end.
    await expect
      .poll(async () => (await ui.shadow.get<Interview>('/interview')).answers.role)
      .toBe('Accounts payable clerk; a good week ends with every vendor paid on time');
    await page.getByTestId('onboarding-answer').fill('Finance operations, with the controller');
    await page.getByTestId('onboarding-back').click();
    // The step changes on React's next render, not within the click: poll for it.
    await expect
      .poll(() => page.getByTestId('onboarding-answer').inputValue())
      .toBe('Accounts payable clerk; a good week ends with every vendor paid on time');
    await page.getByTestId('onboarding-next').click();
    await expect.poll(() => page.getByTestId('onboarding-answer').inputValue()).toBe('Finance operations, with the controller');
    await page.getByTestId('onboarding-next').click();
    // The rest is skipped, one question a step, up to the summary.
    const progress = page.getByTestId('onboarding-progress');
    for (let step = 3; step <= interview.questions.length; step++) {
      await expect.poll(() => progress.textContent()).toBe(`${step} of ${interview.questions.length}`);
      await page.getByTestId('onboarding-skip').click();
    }
    await expect.poll(() => progress.textContent()).toBe('Summary');

    // The summary step shows the baseline built from the answers; the user's correction is kept.
    const summary = page.getByTestId('onboarding-summary');
    await expect.poll(() => summary.inputValue()).toContain('Accounts payable clerk');
    await summary.fill(`${await summary.inputValue()} Works from the Leeds office.`);
    await page.getByTestId('onboarding-finish').click();
    await expect.poll(() => wizard.count()).toBe(0);
    const saved = await ui.shadow.get<Interview>('/interview');
    expect(saved.answers).toEqual({
      role: 'Accounts payable clerk; a good week ends with every vendor paid on time',
      team: 'Finance operations, with the controller',
    });
    expect(saved.summary).toMatchObject({ edited: true, engine: 'user' });
    expect(saved.summary!.text).toContain('Works from the Leeds office.');

    await page.reload();
    await page.getByTestId('nav-you').click();
    const role = page.locator('[data-testid="interview-answer"][data-question-id="role"]');
    await expect.poll(() => role.inputValue(), { timeout: 15_000 }).toBe(saved.answers.role);
    expect(await page.getByTestId('onboarding-wizard').count()).toBe(0);
    expect(await page.getByTestId('summary-source').textContent()).toContain('written by you');
    await expect.poll(() => page.getByTestId('guide').textContent()).toContain('Accounts payable clerk');

    // An answer edited on the page is saved; reverting the summary brings back the generated one.
    await page.locator('[data-testid="interview-answer"][data-question-id="systems"]').fill('Excel, NetSuite, the bank portal');
    await page.getByTestId('interview-save').click();
    await expect.poll(async () => (await ui.shadow.get<Interview>('/interview')).answers.systems).toBe('Excel, NetSuite, the bank portal');
    await page.getByTestId('summary-revert').click();
    await expect.poll(() => page.getByTestId('summary-source').textContent()).toContain('generated from your answers');
    expect((await ui.shadow.get<Interview>('/interview')).summary!.text).not.toContain('Leeds');
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('shows the questions the day raised on Today: an answer is stored, "Ask me later" puts one off', async () => {
    const ui = web();
    await waitForQuestions(ui, 2);
    // "Ask me later" counts on the engine's clock, which a running replay moves an hour in seconds.
    await waitFor(() => Promise.resolve(ui.shadow.output()), {
      what: 'the replay to finish',
      until: (out) => out.includes('Replay finished'),
      timeoutMs: 60_000,
    });
    const [first, ...later] = await pendingQuestions(ui);
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await expect.poll(() => page.getByTestId('question').count(), { timeout: 15_000 }).toBe(1 + later.length);
    expect(await questionItem(page, first!.id).textContent()).toContain(first!.text);

    await questionItem(page, first!.id).getByTestId('question-answer').fill('Matching the ledger to the bank statement for March');
    await questionItem(page, first!.id).getByTestId('question-submit').click();
    await expect.poll(() => questionItem(page, first!.id).count()).toBe(0);
    for (const question of later) {
      await questionItem(page, question.id).getByTestId('question-snooze').click();
      await expect.poll(() => questionItem(page, question.id).count()).toBe(0);
    }
    // The last one handled, the card says what became of it rather than vanishing without a word.
    await expect.poll(() => page.getByTestId('question-note').textContent()).toContain("I'll ask again in 60 minutes.");
    expect(await page.getByTestId('question').count()).toBe(0);

    const all = (await ui.shadow.get<{ questions: Question[] }>('/questions?status=all')).questions;
    expect(all.find((q) => q.id === first!.id)).toMatchObject({
      status: 'answered',
      answer: 'Matching the ledger to the bank statement for March',
    });
    for (const question of later) expect(all.find((q) => q.id === question.id)).toMatchObject({ status: 'snoozed' });
    expect(await pendingQuestions(ui)).toEqual([]);
    expect(ui.errors).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('first run put off with "Later"', () => {
  const web = webUiForSuite(['--replay', dayWithoutInterview, '--speed', '2000']);

  it('keeps the wizard closed across reloads without saving anything, and a dismissed question is gone for good', async () => {
    const ui = web();
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await expect.poll(() => page.getByTestId('onboarding-wizard').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('onboarding-later').click();
    await expect.poll(() => page.getByTestId('onboarding-wizard').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('capture-state').getAttribute('data-state'), { timeout: 15_000 }).not.toBe('');
    expect(await page.getByTestId('onboarding-wizard').count()).toBe(0);
    expect((await ui.shadow.get<Interview>('/interview')).answers).toEqual({});

    // About you offers the interview again.
    await page.getByTestId('nav-you').click();
    await page.getByTestId('start-interview').click();
    await expect.poll(() => page.getByTestId('onboarding-wizard').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('onboarding-wizard').count()).toBe(0);

    const [question] = await waitForQuestions(ui, 1);
    await page.getByTestId('nav-today').click();
    await questionItem(page, question!.id).getByTestId('question-dismiss').click();
    await expect.poll(() => questionItem(page, question!.id).count()).toBe(0);
    const all = (await ui.shadow.get<{ questions: Question[] }>('/questions?status=all')).questions;
    expect(all.find((q) => q.id === question!.id)?.status).toBe('dismissed');
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});
