import { cardNetworkPlausible, luhnValid } from './checksums';
import { asDigits, isDigit, isDigitLookalike, type Detector, type Finding } from './findings';

interface Group {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
}

// Runs of letters, digits and the symbols OCR reads in place of a 1.
const TOKEN = /[0-9A-Za-z|!]+/g;
// What may stand between the groups of one card number: spaces (OCR may double one) or a dash.
const SPACE_GAP = /^[ \t]{1,2}$/;
const DASH_GAP = /^[ \t]?-[ \t]?$/;

/**
 * A token that reads as a group of digits: real digits with at most one lookalike letter in three
 * (`111l`, `4O11`), so words are never taken for numbers.
 */
function asGroup(token: string, start: number): Group | null {
  let real = 0;
  for (const ch of token) {
    if (isDigit(ch)) real++;
    else if (!isDigitLookalike(ch)) return null;
  }
  const lookalikes = token.length - real;
  // A lone lookalike may be a short last group (`4944 l`); longer groups need a real digit.
  if ((real === 0 && token.length > 1) || lookalikes > Math.max(1, Math.floor(token.length / 3))) return null;
  return { start, end: start + token.length, digits: asDigits(token) };
}

/** Where printed cards break between groups: every four digits, or Amex/Diners 4-6-5 and 4-6-4. */
function printedBreaks(length: number): number[][] {
  const fours = Array.from({ length: Math.ceil(length / 4) - 1 }, (_, i) => (i + 1) * 4);
  return length === 14 || length === 15 ? [fours, [4, 10]] : [fours];
}

/**
 * Whether groups of these lengths are a card as printed: one run, or the printed groups with at most
 * one stray space OCR added (`4111 11 11`) and at most one it lost (`11111111`).
 */
function plausibleGrouping(lengths: readonly number[]): boolean {
  if (lengths.length === 1) return true;
  const breaks = new Set<number>();
  let at = 0;
  for (const n of lengths.slice(0, -1)) breaks.add((at += n));
  const total = at + lengths.at(-1)!;
  return printedBreaks(total).some((printed) => {
    const added = [...breaks].filter((b) => !printed.includes(b)).length;
    const lost = printed.filter((b) => !breaks.has(b)).length;
    return added <= 1 && lost <= 1;
  });
}

/** Gaps of one number are all spaces or all dashes; OCR noise may change one of them. */
function consistentGaps(gaps: readonly string[]): boolean {
  const dashes = gaps.filter((g) => DASH_GAP.test(g)).length;
  return Math.min(dashes, gaps.length - dashes) <= 1 && (gaps.length < 2 || dashes !== gaps.length - dashes);
}

/** Runs of digit groups separated only by spaces or dashes. */
function groupRuns(text: string): Group[][] {
  const runs: Group[][] = [];
  let run: Group[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const group = asGroup(m[0], m.index);
    const previous = run.at(-1);
    const gap = previous && group ? text.slice(previous.end, group.start) : null;
    if (group && previous && gap !== null && (SPACE_GAP.test(gap) || DASH_GAP.test(gap))) {
      run.push(group);
      continue;
    }
    if (run.length > 0) runs.push(run);
    run = group ? [group] : [];
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Payment card numbers: 13-19 digits printed as a card is (see `plausibleGrouping`), with the prefix
 * and length of a card network and a valid Luhn check digit, tolerant of OCR noise (`O` for 0, `l`
 * for 1, a stray space inside a group). The longest match in a run wins.
 */
export const detectCards: Detector = (text) => {
  const findings: Finding[] = [];
  for (const run of groupRuns(text)) {
    let i = 0;
    while (i < run.length) {
      let best: { end: number; last: number } | null = null;
      let digits = '';
      for (let j = i; j < run.length && digits.length < 19; j++) {
        digits += run[j]!.digits;
        if (digits.length < 13 || digits.length > 19) continue;
        const window = run.slice(i, j + 1);
        const gaps = window.slice(1).map((g, k) => text.slice(window[k]!.end, g.start));
        if (!plausibleGrouping(window.map((g) => g.end - g.start)) || !consistentGaps(gaps)) continue;
        if (luhnValid(digits) && cardNetworkPlausible(digits)) best = { end: run[j]!.end, last: j };
      }
      if (best) {
        findings.push({ start: run[i]!.start, end: best.end, kind: 'card' });
        i = best.last + 1;
      } else {
        i++;
      }
    }
  }
  return findings;
};
