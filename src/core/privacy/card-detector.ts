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
  if (real === 0 || lookalikes > Math.max(1, Math.floor(token.length / 3))) return null;
  return { start, end: start + token.length, digits: asDigits(token) };
}

/**
 * How cards are printed: one run, groups of four (the last may be shorter), or Amex/Diners 4-6-5 and
 * 4-6-4. OCR may split one group with a stray space, so two neighbouring groups may be joined once.
 */
function plausibleGrouping(lengths: readonly number[]): boolean {
  const printed = (l: readonly number[]): boolean =>
    l.length === 1 ||
    (l.length >= 3 && l.slice(0, -1).every((n) => n === 4) && l.at(-1)! >= 1 && l.at(-1)! <= 4) ||
    (l.length === 3 && l[0] === 4 && l[1] === 6 && (l[2] === 5 || l[2] === 4));
  if (printed(lengths)) return true;
  for (let i = 0; i + 1 < lengths.length; i++) {
    if (printed([...lengths.slice(0, i), lengths[i]! + lengths[i + 1]!, ...lengths.slice(i + 2)])) return true;
  }
  return false;
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
