/*
 * How a reply's Markdown is laid out in blocks, for the code that writes replies (recall's answers) and
 * the window that shows them: a list never swallows the sentence after it, and the evidence block that
 * text-only readers (transcripts, agents, the API) get is left out where the window shows the same
 * evidence as its own section.
 */

/** The line that opens a reply's evidence block; the lines after it, to the end, are its pieces. */
export const EVIDENCE_HEADING = '**Evidence**';

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;

/**
 * The lines with a blank line wherever a list meets other text: in Markdown a sentence right under a
 * bullet continues that bullet ("…and 9 shorter tasks" would read as part of the last task).
 */
export function separateListBlocks(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous?.trim() && line.trim() && LIST_ITEM.test(previous) !== LIST_ITEM.test(line)) out.push('');
    out.push(line);
  }
  return out;
}

/**
 * The reply without its closing evidence block (the heading on a line of its own, then only list items
 * to the end), for a view that lists the turn's evidence itself. A reply without one comes back as it was.
 */
export function withoutEvidenceBlock(markdown: string): string {
  const lines = markdown.split('\n');
  const heading = lines.lastIndexOf(EVIDENCE_HEADING);
  if (heading < 0) return markdown;
  const pieces = lines.slice(heading + 1).filter((line) => line.trim());
  if (pieces.length === 0 || !pieces.every((line) => LIST_ITEM.test(line))) return markdown;
  return lines.slice(0, heading).join('\n').trimEnd();
}
