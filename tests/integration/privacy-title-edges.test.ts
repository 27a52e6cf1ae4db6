import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { replayWithMemory } from '../helpers/memory-replay';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

/**
 * Window titles go through the same redactor as screen text, and the same sanitiser as every stored
 * name (issue 25, points 4 and 5): a title with an oddly spaced, lower-case or misread IBAN, a card
 * cut by blanks, and a right-to-left override is kept redacted and clean in app time, tasks, search
 * and the database itself.
 */
const TITLES = {
  refund: 'Refund to de89 3704  0044  0532 0130 00 - Outlook',
  misread: 'IBAN DE89 3704 0044 0582 0130 00 - Excel',
  card: 'Card 4111   1111   1111   1111 declined - Thunderbird',
  flipped: 'Ledger\u202Efdp.exe\u2066 - Excel',
};
/** The account digits of both IBANs and the card (blanks taken out of what is searched). */
const NEEDLES = ['370400440532013000', '370400440582013000', '4111111111111111'];
/** What the OCR "reads" on each screen: the title's text again, as a mail or a sheet would show it. */
const screenRecognizer: TextRecognizer = {
  recognize: async () => `Please refund to IBAN de89 3704  0044\n0532 0130 00 by Friday, card 4111 1111\n1111 1111`,
  terminate: async () => {},
};

let home: TempShadowHome;
let core: ShadowCore;
let handlers: Handlers;

beforeAll(async () => {
  home = createTempShadowHome();
  const day = await writeTinyDay([
    { app: 'Outlook', title: TITLES.refund, seconds: 120, text: ['Refund request'] },
    { app: 'Excel', title: TITLES.misread, seconds: 120, text: ['Bank details'] },
    { app: 'Thunderbird', title: TITLES.card, seconds: 120, text: ['Payment declined'] },
    { app: 'Excel', title: TITLES.flipped, seconds: 120, text: ['Ledger'] },
  ]);
  core = createShadowCore({
    paths: home.paths,
    replayDir: day,
    env: {},
    ocrRecognizer: screenRecognizer,
    settings: { pollIntervalMs: 1000 },
  });
  handlers = createHandlers(core);
  await replayWithMemory(core);
  await core.ocr.whenIdle();
}, 120_000);

afterAll(() => {
  core?.close();
  home?.remove();
});

describe('window titles at the edges', () => {
  it('keep no IBAN or card digits, however spaced, in app time, tasks, search or the database', async () => {
    const date = '2026-11-02';
    const appTime = await handlers.appTime({ date });
    const titles = appTime.apps.flatMap((a) => a.titles.map((t) => t.title));
    expect(titles).toEqual(
      expect.arrayContaining([
        'Refund to [iban] - Outlook',
        'IBAN [iban] - Excel',
        'Card [card] declined - Thunderbird',
        'Ledgerfdp.exe - Excel',
      ]),
    );
    const day = await handlers.dayOverview({ date });
    const taskNames = day.tasks.map((t) => t.name);
    expect(taskNames.length).toBeGreaterThan(0);
    const search = await handlers.searchScreen({ q: 'refund', limit: 50 });
    expect(search.hits.length).toBeGreaterThan(0);
    const shown = JSON.stringify({ titles, taskNames, search, day }).replace(/\s|\\n/g, '');
    for (const needle of NEEDLES) expect(shown, needle).not.toContain(needle);
    expect(shown).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const stored = home.databaseText().replace(/\s+/g, '');
    for (const needle of NEEDLES) expect(stored, needle).not.toContain(needle);
    expect(stored).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
