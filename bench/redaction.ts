/**
 * What redaction costs on the paths it runs on: the text of one OCR'd screen before it is stored
 * (~1.5 KB, and the 20,000-character maximum), a window title, and one LLM request (~9 KB: the
 * 2,000 tokens of LLM context and a chat history). Texts mix ordinary screen text (numbers, totals,
 * dates) with a secret in one screen of four; each size is printed.
 *   node bin/run-ts.js bench/redaction.ts
 */
import { redactionSettingsSchema } from '../src/core/config/redaction-settings';
import { createRedactor } from '../src/core/privacy/redactor';
import { percentile, printFigures, type Figure } from './lib/report';

const redactor = createRedactor(redactionSettingsSchema.parse({ words: ['Contoso', 'Northwind Traders'] }));
const SECRETS = ['4111 1111 1111 1111', 'DE89 3704 0044 0532 0130 00', 'AKIAIOSFODNN7EXAMPLE', 'password: Sommer2026!'];

function screenText(i: number): string {
  const lines = [
    `Vendor bills pending approval VB-${10_000 + i} Acme Supplies due 2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    `Entry ${i} matched bank statement ${(i * 37) % 9000}.50 EUR reference ${100_000 + i * 7}`,
    `Invoice ${4000 + i} total $${((i * 7919) % 100_000).toLocaleString('en-US')}.00, tax 19%, terms net 30`,
    'From accounts@acme.example: please confirm receipt by Friday 10:30',
    `Order #${200_000 + i} shipped, tracking 1Z999AA1${String(i).padStart(8, '0')} phone +1 415 555 0132`,
  ];
  const text = Array.from({ length: 20 }, (_, k) => lines[(i + k) % lines.length]!.replace(/\d+/, (n) => String(Number(n) + k))).join('\n');
  return i % 4 === 0 ? `${text}\nPay with ${SECRETS[(i / 4) % SECRETS.length]}` : text;
}

function time(name: string, texts: readonly string[], unit = 'ms'): Figure[] {
  for (const text of texts.slice(0, 20)) redactor.redact(text);
  const samples = texts.map((text) => {
    const t = performance.now();
    redactor.redact(text);
    return performance.now() - t;
  });
  const chars = texts.reduce((sum, t) => sum + t.length, 0) / texts.length;
  console.log(`${name}: ${texts.length} texts of ${Math.round(chars)} characters on average`);
  return [
    { name: `${name} p50`, value: percentile(samples, 50), unit },
    { name: `${name} p95`, value: percentile(samples, 95), unit },
  ];
}

const screens = Array.from({ length: 2000 }, (_, i) => screenText(i));
const largest = Array.from({ length: 50 }, (_, i) =>
  Array.from({ length: 40 }, (_, k) => screenText(i * 40 + k))
    .join('\n')
    .slice(0, 20_000),
);
const titles = Array.from(
  { length: 2000 },
  (_, i) => `Invoice ${4000 + i} - Acme Supplies - Adobe Acrobat Reader${i % 50 === 0 ? ` ${SECRETS[0]}` : ''}`,
);
const requests = Array.from({ length: 200 }, (_, i) => Array.from({ length: 6 }, (_, k) => screenText(i * 6 + k)).join('\n\n'));

printFigures('redaction', [
  ...time('redacting one screen of OCR text', screens),
  ...time('redacting the largest OCR text kept (20,000 characters)', largest),
  ...time('redacting a window title', titles),
  ...time('redacting one LLM request', requests),
]);
