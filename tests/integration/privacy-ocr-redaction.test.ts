import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import { ManualClock } from '../../src/core/clock';
import { createTesseractRecognizer } from '../../src/core/ocr/text-recognizer';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { quietSource } from '../helpers/quiet-core';
import { SAMPLE_AWS_KEY, SAMPLE_CARD, SAMPLE_CARD_DIGITS, SAMPLE_IBAN } from '../helpers/secret-samples';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Redaction on what OCR really reads: a mail showing a card number, an IBAN, an access key and a
 * password beside ordinary text, rendered in several fonts, sizes, themes and JPEG qualities (the
 * lowest garbles the IBAN's check digits), read by Tesseract and stored by the OCR service.
 */
const MAIL = [
  'From: Dana Whitfield <dana@contoso.com>',
  'Subject: Supplier payment for invoice 4471',
  `Please charge the card ${SAMPLE_CARD} exp 09/28`,
  `and refund to IBAN ${SAMPLE_IBAN} today.`,
  `The deploy key is ${SAMPLE_AWS_KEY}, password: Sommer2026!`,
  'Total due 12,345.67 EUR on 2026-03-14.',
];
const SCREENS = [
  { font: 'DejaVu Sans', size: 18, fg: '#000', bg: '#fff', quality: 90 },
  { font: 'DejaVu Sans Mono', size: 16, fg: '#ddd', bg: '#1e1e1e', quality: 60 },
  { font: 'DejaVu Serif', size: 22, fg: '#333', bg: '#f4f1ea', quality: 40 },
  { font: 'DejaVu Sans', size: 14, fg: '#222', bg: '#fff', quality: 30 },
];
/** The secrets as digits or letters, in any spacing OCR may give them (the key's middle: OCR may drop one of its characters). */
const SECRET_NEEDLES = [SAMPLE_CARD_DIGITS, '370400440532013000', SAMPLE_AWS_KEY.slice(4, 12), 'Sommer2026'];

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function renderScreen({ font, size, fg, bg, quality }: (typeof SCREENS)[number]): Promise<Buffer> {
  const height = Math.round(MAIL.length * size * 1.8 + 40);
  const text = MAIL.map(
    (line, i) =>
      `<text x="24" y="${Math.round(30 + (i + 1) * size * 1.6)}" font-family="${font}" font-size="${size}" fill="${fg}">${escapeXml(line)}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${height}"><rect width="1100" height="${height}" fill="${bg}"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

const T0 = Date.parse('2026-03-14T10:00:00Z');
let home: TempShadowHome;
let core: ShadowCore;
let call: <K extends 'searchScreen' | 'privacyReport'>(key: K, input: Record<string, unknown>) => Promise<never>;
const stored: string[] = [];

beforeAll(async () => {
  home = createTempShadowHome();
  const recognizer = createTesseractRecognizer();
  core = createShadowCore({ paths: home.paths, source: quietSource, clock: new ManualClock(T0), env: {}, ocrRecognizer: recognizer });
  core.events.on('screen:text-recognized', ({ text }) => void stored.push(text));
  const handlers = createHandlers(core);
  call = (key, input) => callOperation(handlers, key, input as never) as Promise<never>;
  for (const [i, screen] of SCREENS.entries()) {
    core.ocr.enqueue({
      at: T0 + i * 10_000,
      app: 'Thunderbird',
      title: `Supplier payment ${i + 1} - Mozilla Thunderbird`,
      image: await renderScreen(screen),
    });
  }
  await core.ocr.whenIdle();
}, 120_000);

afterAll(() => {
  core?.close();
  home?.remove();
});

describe('redaction of OCR text from rendered screens', () => {
  it('stores every screen with the ordinary text and the placeholders, and none of the secrets', () => {
    expect(stored).toHaveLength(SCREENS.length);
    for (const text of stored) {
      expect(text).toMatch(/invoice 4471/i);
      expect(text).toContain('12,345.67');
      expect(text).toContain('[card]');
      expect(text).toContain('[iban]');
      expect(text).toContain('[secret]');
      expect(text).toContain('[password]');
      const compact = text.replace(/\s/g, '');
      for (const needle of SECRET_NEEDLES) expect(compact).not.toContain(needle);
    }
  });

  it('finds the ordinary text through screen search and never a secret', async () => {
    const ordinary = (await call('searchScreen', { q: 'supplier payment invoice' })) as { hits: unknown[] };
    expect(ordinary.hits).toHaveLength(SCREENS.length);
    for (const q of ['4111', '1111', 'DE89', '3704', '0532', 'AKIAIOSFODNN7EXAMPLE', 'Sommer2026']) {
      expect(((await call('searchScreen', { q })) as { hits: unknown[] }).hits, q).toEqual([]);
    }
    // The placeholders are words of their own: a search for "card" finds where one was hidden.
    expect(((await call('searchScreen', { q: 'card iban' })) as { hits: unknown[] }).hits).toHaveLength(SCREENS.length);
  });

  it('leaves no secret in the database file or its WAL', () => {
    const bytes = home.databaseText().replace(/\s/g, '');
    expect(bytes).toContain('invoice4471');
    for (const needle of SECRET_NEEDLES) expect(bytes).not.toContain(needle);
  });

  it('counts each redaction by kind in the privacy report, without the values', async () => {
    const report = (await call('privacyReport', { date: '2026-03-14' })) as {
      redactions: { total: number; byKind: Record<string, number>; byChannel: Record<string, number> };
    };
    expect(report.redactions.byKind).toEqual({ card: 4, iban: 4, 'national-id': 0, secret: 4, password: 4, custom: 0 });
    expect(report.redactions.byChannel).toEqual({ 'screen-text': 16, 'window-titles': 0, 'llm-requests': 0 });
    expect(JSON.stringify(report)).not.toMatch(/4111|DE89|AKIA|Sommer/);
  });
});
