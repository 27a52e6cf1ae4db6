import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrStatusView, PrivacyReport, ScreenSearchResult } from '../../src/shared/contract/index';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { SAMPLE_AWS_KEY, SAMPLE_CARD, SAMPLE_CARD_DIGITS, SAMPLE_IBAN, SAMPLE_IBAN_COMPACT } from '../helpers/secret-samples';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { startXSession, type XSession } from '../helpers/x-session';

/**
 * The mail of the issue on a real X desktop: an xterm of class Thunderbird shows a card number, an
 * IBAN and an AWS access key beside ordinary text, with the card number in its window title too. The
 * engine (`shadow start --headless`, screenshots kept) observes it with OCR and an OpenAI-compatible
 * endpoint on this machine. The ordinary text must be found; the three never: not in a search, not in
 * any file of the profile (database, WAL, kept frames), not in a request to the LLM; the privacy
 * report counts them.
 */
const MAIL = [
  'SUPPLIER PAYMENT FOR INVOICE 4471 FROM ACME',
  `CARD ${SAMPLE_CARD}`,
  `IBAN ${SAMPLE_IBAN}`,
  `DEPLOY KEY ${SAMPLE_AWS_KEY}`,
  'PLEASE CONFIRM BY FRIDAY',
];
/** Each secret in every spelling a file or request could hold it in. */
const NEEDLES = [SAMPLE_CARD, SAMPLE_CARD_DIGITS, SAMPLE_IBAN, SAMPLE_IBAN_COMPACT, '0532 0130', SAMPLE_AWS_KEY, 'IOSFODNN'];

let x: XSession;
let home: TempShadowHome;
let llm: FakeOpenAiServer;
let shadow: ShadowProcess | undefined;

const search = (q: string): Promise<ScreenSearchResult> => shadow!.get<ScreenSearchResult>(`/search/screen?q=${encodeURIComponent(q)}`);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  home = createTempShadowHome();
  llm = await startFakeOpenAiServer();
  mkdirSync(home.paths.dir, { recursive: true });
  writeFileSync(home.paths.settings, JSON.stringify({ keepScreenshots: true, questionMinIntervalMin: 1 }));
  x = await startXSession();
  const script = `printf '%s\\n' ${MAIL.map((line) => `'${line}'`).join(' ')}; sleep 600`;
  const mail = await x.openXterm('Thunderbird', `Card ${SAMPLE_CARD} declined - Mozilla Thunderbird`, {
    fontSize: 20,
    geometry: '70x8+40+40',
    command: ['sh', '-c', script],
  });
  await x.activate(mail);
  shadow = await startHeadlessShadow(['--interval', '2', '--poll-ms', '500', '--idle-after', '3600'], {
    ...home.env,
    DISPLAY: x.display,
    OPENAI_BASE_URL: llm.baseUrl,
    SHADOW_LLM_MODEL: 'fake-text',
  });
  await waitFor(async () => (await search('4471')).hits, {
    what: 'the mail text (invoice 4471) in the screen search',
    until: (hits) => hits.length > 0,
    timeoutMs: 30_000,
    intervalMs: 250,
    details: () => `shadow's output:\n${shadow!.output()}`,
  });
  // The memory pipeline's call about the new window, then a chat question about the screen.
  await waitFor(() => Promise.resolve(llm.requests.length), { what: 'an LLM call from memory', until: (n) => n >= 1, timeoutMs: 30_000 });
  const session = await shadow.post<{ id: string }>('/sessions', { type: 'chat' });
  await shadow.post(`/sessions/${session.id}/messages`, { content: 'What is on my screen right now?' });
  await waitFor(() => shadow!.get<OcrStatusView>('/screen/ocr'), {
    what: 'OCR to catch up (an empty queue)',
    until: (status) => status.queued === 0,
    timeoutMs: 30_000,
    intervalMs: 250,
  });
}, 120_000);

afterAll(async () => {
  await shadow?.stop();
  await x?.stop();
  await llm?.close();
  home?.remove();
});

describe('secrets on a real screen', () => {
  it('finds the ordinary text, with the placeholders where the secrets were', async () => {
    const hits = (await search('supplier payment acme')).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ app: 'Thunderbird', title: 'Card [card] declined - Mozilla Thunderbird' });
    expect(hits[0]!.snippet).toMatch(/CARD \[card\]\nIBAN \[iban\]\nDEPLOY KEY \[secret\]/);
    expect((await search('confirm')).hits.length).toBeGreaterThan(0);
    expect((await search('card iban')).hits.length).toBeGreaterThan(0);
  });

  it('returns none of the three in any search result', async () => {
    for (const q of ['4111', '1111', 'DE89', '3704', '0532', SAMPLE_AWS_KEY, 'AKIAIOSFODNN7EXAMPLE*']) {
      const { hits } = await search(q);
      expect(hits, q).toEqual([]);
    }
    const all = JSON.stringify((await search('invoice')).hits);
    for (const needle of NEEDLES) expect(all, needle).not.toContain(needle);
  });

  it('leaves their bytes in no file of the profile: database, WAL, kept frames', () => {
    const files = filesUnder(home.paths.dir);
    expect(files.some((f) => f.endsWith('shadow.db'))).toBe(true);
    expect(files.some((f) => f.includes(`${join('data', 'frames')}`))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      const text = bytes.toString('latin1') + bytes.toString('utf8');
      for (const needle of NEEDLES) expect(text.includes(needle), `${needle} in ${file}`).toBe(false);
    }
    expect(home.databaseText()).toContain('INVOICE 4471');
  });

  it('never sends them to the LLM', () => {
    expect(llm.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of llm.requests) {
      const body = JSON.stringify(request.body);
      for (const needle of NEEDLES) expect(body, needle).not.toContain(needle);
    }
    expect(llm.requests.some((r) => JSON.stringify(r.body).includes('Card [card] declined'))).toBe(true);
  });

  it('counts them in the privacy report', async () => {
    const report = await shadow!.get<PrivacyReport>('/privacy/report');
    expect(report.redactions.byKind.card).toBeGreaterThanOrEqual(2);
    expect(report.redactions.byKind.iban).toBeGreaterThanOrEqual(1);
    expect(report.redactions.byKind.secret).toBeGreaterThanOrEqual(1);
    expect(report.redactions.byChannel['window-titles']).toBe(1);
    expect(report.llm.answered).toBe(llm.requests.length);
    expect(report.llm.endpoints[0]?.endpoint).toBe(new URL(llm.baseUrl).host);
    expect(report.status.store).toMatchObject({ encrypted: false, keepScreenshots: true, framesEncrypted: false });
    const printed = JSON.stringify(report);
    for (const needle of NEEDLES) expect(printed).not.toContain(needle);
  });
});
