/**
 * Everything the CLI writes to the terminal goes through here (lint forbids `console` and direct
 * writes elsewhere in src/cli): stored text is someone else's text (a window title, screen text,
 * another device's name) and must not drive the terminal. Escape sequences are removed whole (CSI
 * such as colours and cursor moves; OSC, DCS, SOS, PM and APC strings such as window titles, hyperlinks
 * and clipboard writes; two-character escapes such as a reset), in their 7-bit and 8-bit forms; then
 * every control but newline and tab, and what cannot show (bidi overrides, zero-width and tag
 * characters: safe-text.ts). A carriage return becomes a line break, so no line can overwrite another.
 */
import { safeText } from '../shared/safe-text';

const ESCAPE_SEQUENCES = new RegExp(
  [
    // CSI: ESC [ or 0x9B, parameters, intermediates, a final byte (absent when the text is cut).
    String.raw`(?:\u001b\[|\u009b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?`,
    // Strings: OSC (ESC ] or 0x9D), DCS, SOS, PM, APC, to BEL or ST; unterminated, to the end of the line.
    String.raw`(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?`,
    // Other escapes: ESC, intermediates, a final byte.
    String.raw`\u001b[\x20-\x2f]*[\x30-\x7e]?`,
  ].join('|'),
  'g',
);

/** `text` as it may reach a terminal: no escape sequence, no control but newline and tab, nothing invisible. */
export function terminalText(text: string): string {
  return safeText(text.replace(ESCAPE_SEQUENCES, ''));
}

/** A line (or lines) on standard output. */
export function print(text = ''): void {
  process.stdout.write(`${terminalText(text)}\n`);
}

/** Text on standard output as it is, without a line break added (a Markdown document). */
export function write(text: string): void {
  process.stdout.write(terminalText(text));
}

/** Text on standard error as it is (commander's usage messages). */
export function writeError(text: string): void {
  process.stderr.write(terminalText(text));
}

/** A line on standard error. */
export function printError(text: string): void {
  process.stderr.write(`${terminalText(text)}\n`);
}

// What JSON.stringify leaves raw and a terminal could act on or hide: DEL, C1 controls, format and
// private-use characters, noncharacters, line separators. Inside a JSON string each is written as its
// \u escape, so the value a program parses is exactly the stored one.
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\p{Cf}\p{Co}\p{Noncharacter_Code_Point}]/gu;
const escapeUnits = (ch: string): string =>
  Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** A value as JSON on standard output (`--json`): lossless, and safe to show in a terminal. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2).replace(JSON_UNSAFE, escapeUnits)}\n`);
}

/** Pads columns of a small text table. */
export function table(rows: readonly (readonly string[])[]): string {
  const shown = rows.map((row) => row.map(terminalText));
  const widths: number[] = [];
  for (const row of shown) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return shown.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}
