import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractRecognizer, type TextRecognizer } from '../../src/core/ocr/text-recognizer';
import type { Health, ImmediateContextView, OcrStatusView, ScreenSearchResult } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { startXSession, type XSession, type XWindow } from '../helpers/x-session';

/**
 * OCR on a real X desktop (Xvfb + openbox): an xterm with large text stands in for a notes app,
 * the real engine (`shadow start --headless`) observes the display, and the text must be found
 * through the API. A second xterm of class KeePassXC (a password manager by the
 * default exclusion rules) shows a secret only while it has the focus; that text must never be
 * stored or found, although it was readable on the screen (checked with our own screenshot). Then a
 * second one, and a private browser window (excluded by its UTF-8 title, which only xprop can read),
 * stay open beside the focused notes: their part of every frame is blacked out.
 */
const run = promisify(execFile);

let x: XSession;
let home: TempShadowHome;
let shadow: ShadowProcess | undefined;
let notes: XWindow;
let firstHits: ScreenSearchResult['hits'] = [];
let privateState: Health['capture']['state'] | undefined;
let secretOnScreen = '';
let besideOnScreen = '';
let besideCaptures = { screenshots: 0, failures: 0 };

/** An xterm with a large font running `script` in sh; resolves once its window is mapped. */
function openTextWindow(appClass: string, title: string, script: string, geometry = '60x8+40+40'): Promise<XWindow> {
  return x.openXterm(appClass, title, { fontSize: 20, geometry, command: ['sh', '-c', script] });
}

function waitForEmptyOcrQueue(): Promise<OcrStatusView> {
  return waitFor(() => shadow!.get<OcrStatusView>('/screen/ocr'), {
    what: 'OCR to catch up (an empty queue)',
    until: (status) => status.queued === 0,
    timeoutMs: 30_000,
    intervalMs: 250,
    details: () => `shadow's output:\n${shadow!.output()}`,
  });
}

const search = (q: string): Promise<ScreenSearchResult> => shadow!.get<ScreenSearchResult>(`/search/screen?q=${encodeURIComponent(q)}`);

/** Screenshots the engine has taken so far (kept, or skipped as unchanged). */
async function screenshotsTaken(): Promise<number> {
  const { capture } = await shadow!.get<Health>('/health');
  return capture.framesCaptured + capture.framesSkipped;
}

/** Waits until the engine has taken `count` more screenshots than `since`: its own progress, not the wall clock. */
function screenshotsAfter(since: number, count: number, what: string): Promise<number> {
  return waitFor(screenshotsTaken, {
    what: `${count} more screenshots ${what}`,
    until: (taken) => taken >= since + count,
    timeoutMs: 60_000,
    intervalMs: 250,
    details: () => `shadow's output:\n${shadow!.output()}`,
  });
}

/** The text OCR reads on our own screenshot of the whole screen, once it holds every word of `words`. */
function readOwnScreen(recognizer: TextRecognizer, words: readonly string[]): Promise<string> {
  return waitFor(
    async () => {
      const { stdout } = await run('sh', ['-c', 'import -window root png:- | base64 -w0'], { env: x.env, maxBuffer: 64 * 1024 * 1024 });
      return recognizer.recognize(Buffer.from(stdout, 'base64'));
    },
    {
      what: `${words.join(', ')} on the screen`,
      until: (text) => words.every((w) => text.includes(w)),
      timeoutMs: 30_000,
      intervalMs: 250,
    },
  );
}

beforeAll(async () => {
  home = createTempShadowHome();
  x = await startXSession();
  notes = await openTextWindow('Notes', 'Notes', 'echo INVOICE 4471 ACME SUPPLIES; sleep 600');
  await x.activate(notes);
  shadow = await startHeadlessShadow(['--interval', '2', '--poll-ms', '500', '--idle-after', '3600'], { ...home.env, DISPLAY: x.display });
  firstHits = await waitFor(async () => (await search('4471')).hits, {
    what: 'screen text 4471 in the search',
    until: (hits) => hits.length > 0,
    timeoutMs: 90_000,
    intervalMs: 250,
    details: () => `shadow's output:\n${shadow!.output()}`,
  });

  // The secret is printed only once the password manager has the focus, so no frame of another
  // window can show it; the window is closed before the focus goes anywhere else.
  const vault = await openTextWindow(
    'KeePassXC',
    'KeePassXC - Passwords.kdbx',
    'while [ "$(xdotool getactivewindow)" != "$WINDOWID" ]; do sleep 0.1; done; echo SECRETWORD 9931; sleep 600',
  );
  await x.activate(vault);
  const recognizer = createTesseractRecognizer();
  secretOnScreen = await readOwnScreen(recognizer, ['SECRETWORD']);
  privateState = (
    await waitFor(() => shadow!.get<Health>('/health'), {
      what: 'the engine to see the password manager as private',
      until: (health) => health.capture.state === 'private',
      timeoutMs: 30_000,
      intervalMs: 100,
    })
  ).capture.state;
  // Twenty polls (five capture intervals) with the secret on screen: each would have taken a screenshot.
  const { polls } = (await shadow.get<Health>('/health')).capture;
  await waitFor(() => shadow!.get<Health>('/health'), {
    what: 'twenty more polls while the password manager has the focus',
    until: (health) => health.capture.polls >= polls + 20,
    timeoutMs: 60_000,
    intervalMs: 250,
  });
  vault.process.kill('SIGTERM');
  await x.activate(notes);
  await waitFor(() => shadow!.get<ImmediateContextView>('/observation/now'), {
    what: 'the engine to see the notes again',
    until: (now) => now.currentApp === 'Notes',
    timeoutMs: 30_000,
    intervalMs: 100,
  });
  await screenshotsAfter(await screenshotsTaken(), 2, 'of the notes');
  await waitForEmptyOcrQueue();

  // A password manager left open below the notes, not focused: visible in every screenshot.
  const beside = await openTextWindow('KeePassXC', 'Vault', 'echo VAULTCODE 5521; sleep 600', '40x3+40+420');
  const browser = await openTextWindow('Chrome', 'Bank — Private Browsing', 'echo PRIVATEPAGE 6632; sleep 600', '30x3+700+420');
  const before = (await shadow.get<Health>('/health')).capture;
  await x.activate(notes);
  besideOnScreen = await readOwnScreen(recognizer, ['VAULTCODE', 'PRIVATEPAGE']);
  await recognizer.terminate();
  await screenshotsAfter(before.framesCaptured + before.framesSkipped, 3, 'with the private windows beside the notes');
  const after = (await shadow.get<Health>('/health')).capture;
  besideCaptures = {
    // Kept, or skipped as unchanged: the blacked-out window adds nothing new to the screen.
    screenshots: after.framesCaptured + after.framesSkipped - before.framesCaptured - before.framesSkipped,
    failures: after.failures - before.failures,
  };
  beside.process.kill('SIGTERM');
  browser.process.kill('SIGTERM');
  await waitForEmptyOcrQueue();
}, 300_000);

afterAll(async () => {
  await shadow?.stop();
  await x?.stop();
  home?.remove();
});

describe('OCR of a real X desktop', () => {
  it('finds text shown in a window through /search/screen', () => {
    expect(firstHits[0]).toMatchObject({ app: 'Notes', title: 'Notes' });
    expect(firstHits[0]!.snippet).toContain('**4471**');
  });

  it('finds the rest of the line as words and as a phrase', async () => {
    expect((await search('acme supplies')).hits.length).toBeGreaterThan(0);
    expect((await search('"invoice 4471"')).hits.length).toBeGreaterThan(0);
  });

  it('never OCRs, stores or finds the text of an excluded window', async () => {
    // The secret was really on screen, readable by OCR, while the password manager had the focus.
    expect(secretOnScreen).toContain('SECRETWORD');
    expect(privateState).toBe('private');
    for (const q of ['SECRETWORD', '9931', 'KeePassXC', 'Passwords']) expect((await search(q)).hits, q).toEqual([]);
    const status = await shadow!.get<OcrStatusView>('/screen/ocr');
    expect(status).toMatchObject({ enabled: true, failed: 0 });
    expect(status.recognized).toBeGreaterThan(0);

    // A private window beside the focused one: on screen, in the frames kept meanwhile, never read.
    expect(besideOnScreen).toContain('VAULTCODE');
    expect(besideOnScreen).toContain('PRIVATEPAGE');
    expect(besideCaptures.screenshots).toBeGreaterThan(0);
    expect(besideCaptures.failures).toBe(0);
    for (const q of ['VAULTCODE', '5521', 'PRIVATEPAGE', '6632']) expect((await search(q)).hits, q).toEqual([]);

    // Read from the running engine, which the other tests still search: it commits each text as it
    // is read, and the OCR queue was empty at the end of the setup.
    const stored = home.databaseText().toLowerCase();
    expect(stored).toContain('4471');
    expect(stored).not.toContain('secretword');
    expect(stored).not.toContain('9931');
    expect(stored).not.toContain('vaultcode');
    expect(stored).not.toContain('privatepage');
  });
});
