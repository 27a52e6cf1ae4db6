import type { RedactionKind } from '../../shared/contract/privacy';

/** A stretch of text a detector wants replaced: `[start, end)` in the text it was given. */
export interface Finding {
  readonly start: number;
  readonly end: number;
  readonly kind: RedactionKind;
  /** What replaces it; the kind's placeholder (`[card]`) when absent. */
  readonly placeholder?: string;
}

/** Finds what to redact in one piece of text; never throws, returns findings in any order. */
export type Detector = (text: string) => Finding[];

/** Characters OCR reads in place of digits, and the digit each stands for. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};

export const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';

export const isDigitLookalike = (ch: string): boolean => DIGIT_LOOKALIKES[ch] !== undefined;

/** The digits OCR most likely misread as letters (`4O11 l111` → `4011 1111`); other characters stay. */
export function asDigits(text: string): string {
  let out = '';
  for (const ch of text) out += DIGIT_LOOKALIKES[ch] ?? ch;
  return out;
}
