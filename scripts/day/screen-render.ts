import sharp from 'sharp';

/**
 * Screens of any generated day: a window drawn as SVG (title bar, heading, lines, a table) and
 * rendered offline with librsvg and the DejaVu fonts, with text an OCR can read. Each image is
 * reused by every frame that shows it. The drawn text is also what a perfect OCR reads
 * (`screenText`), so a test can replay a day without Tesseract.
 */
export const SCREEN_WIDTH = 1280;
export const SCREEN_HEIGHT = 800;

export interface ScreenSpec {
  /** The image's file name in the day's images folder. */
  readonly file: string;
  /** What the window's title bar says (the browser tab, the document, the channel). */
  readonly windowTitle: string;
  /** Colour of the app's title bar. */
  readonly accent: string;
  readonly heading: string;
  /** Lines above the table. */
  readonly before?: readonly string[];
  /** A table: the first row is the header. */
  readonly table?: readonly (readonly string[])[];
  /** Where each column starts (x in pixels). */
  readonly columns?: readonly number[];
  /** Lines under the table. */
  readonly after?: readonly string[];
  /** A dark theme (terminals, editors, password managers). */
  readonly dark?: boolean;
  /** A monospaced font (terminals, editors). */
  readonly mono?: boolean;
  /** Body text size in pixels (default 20); smaller fits more lines. */
  readonly fontSize?: number;
}

const TITLE_BAR = 44;
const HEADING_Y = 96;
const BODY_Y = 140;
const MARGIN = 30;
/** A generous estimate of a DejaVu glyph's advance (the mono face is 0.602 em; the sans face averages less). */
const ADVANCE_EM = 0.62;

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const bodySize = (spec: ScreenSpec): number => spec.fontSize ?? 20;
/** The title bar's text size: 20, smaller for the long titles of browser tabs. */
const titleSize = (spec: ScreenSpec): number =>
  Math.max(14, Math.min(20, Math.floor((SCREEN_WIDTH - 40) / (spec.windowTitle.length * ADVANCE_EM))));
const lineStep = (spec: ScreenSpec): number => Math.round(bodySize(spec) * 1.7);
const rowStep = (spec: ScreenSpec): number => Math.round(bodySize(spec) * 2.1);

/** Column x positions: the given ones, or evenly spread. */
function columnsOf(spec: ScreenSpec): number[] {
  const count = spec.table?.[0]?.length ?? 0;
  if (spec.columns) return [...spec.columns];
  return Array.from({ length: count }, (_, i) => MARGIN + Math.round((i * (SCREEN_WIDTH - 2 * MARGIN)) / Math.max(1, count)));
}

/**
 * Throws when text would be cut off or overlap: what is not drawn cannot be read, so a day whose
 * truth names it would be unfair to the engine.
 */
export function checkScreenFits(name: string, spec: ScreenSpec): void {
  const size = bodySize(spec);
  const width = (text: string, px: number): number => text.length * px * ADVANCE_EM;
  const fail = (what: string): never => {
    throw new Error(`screen ${name} (${spec.file}): ${what}; shorten it or use a smaller fontSize`);
  };
  if (width(spec.windowTitle, titleSize(spec)) > SCREEN_WIDTH - 40) fail(`the title “${spec.windowTitle}” is too wide`);
  if (width(spec.heading, 28) > SCREEN_WIDTH - 2 * MARGIN) fail(`the heading “${spec.heading}” is too wide`);
  for (const line of [...(spec.before ?? []), ...(spec.after ?? [])])
    if (width(line, size) > SCREEN_WIDTH - 2 * MARGIN) fail(`the line “${line}” is too wide`);
  const columns = columnsOf(spec);
  for (const row of spec.table ?? []) {
    if (row.length !== columns.length) fail(`a row has ${row.length} cells for ${columns.length} columns`);
    row.forEach((cell, c) => {
      const end = c + 1 < columns.length ? columns[c + 1]! - 12 : SCREEN_WIDTH - 20;
      if (columns[c]! + width(cell, size) > end) fail(`the cell “${cell}” overflows its column`);
    });
  }
  if (layout(spec).bottom > SCREEN_HEIGHT - 10) fail('the text runs past the bottom of the screen');
}

interface Layout {
  readonly parts: string[];
  readonly bottom: number;
}

function layout(spec: ScreenSpec): Layout {
  const fg = spec.dark ? '#e8e8e8' : '#1b1b1b';
  const size = bodySize(spec);
  const parts: string[] = [
    `<rect width="${SCREEN_WIDTH}" height="${SCREEN_HEIGHT}" fill="${spec.dark ? '#1e1f24' : '#ffffff'}"/>`,
    `<rect width="${SCREEN_WIDTH}" height="${TITLE_BAR}" fill="${spec.accent}"/>`,
    `<text x="20" y="30" font-size="${titleSize(spec)}" fill="#ffffff">${escapeXml(spec.windowTitle)}</text>`,
    `<text x="${MARGIN}" y="${HEADING_Y}" font-size="28" font-weight="bold" fill="${fg}">${escapeXml(spec.heading)}</text>`,
  ];
  let y = BODY_Y;
  const text = (x: number, line: string, bold = false): string =>
    `<text x="${x}" y="${y}" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="${fg}" xml:space="preserve">${escapeXml(line)}</text>`;
  const lines = (list: readonly string[] | undefined): void => {
    for (const line of list ?? []) {
      if (line.trim() !== '') parts.push(text(MARGIN, line));
      y += lineStep(spec);
    }
  };
  lines(spec.before);
  if (spec.table) {
    const columns = columnsOf(spec);
    if (spec.before?.length) y += 10;
    spec.table.forEach((row, r) => {
      if (r === 0)
        parts.push(
          `<rect x="20" y="${y - Math.round(size * 1.3)}" width="${SCREEN_WIDTH - 40}" height="${Math.round(size * 1.8)}" fill="${spec.accent}" opacity="0.15"/>`,
        );
      row.forEach((cell, c) => parts.push(text(columns[c]!, cell, r === 0)));
      parts.push(
        `<line x1="20" x2="${SCREEN_WIDTH - 20}" y1="${y + Math.round(size * 0.55)}" y2="${y + Math.round(size * 0.55)}" stroke="#c8c8c8"/>`,
      );
      y += rowStep(spec);
    });
    y += 12;
  }
  lines(spec.after);
  return { parts, bottom: y - lineStep(spec) + Math.round(size * 0.4) };
}

export function screenSvg(spec: ScreenSpec): string {
  const family = spec.mono ? 'DejaVu Sans Mono' : 'DejaVu Sans';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCREEN_WIDTH}" height="${SCREEN_HEIGHT}" font-family="${family}">${layout(spec).parts.join('')}</svg>`;
}

/** One screen as a JPEG (small: text on flat colour compresses well). */
export function renderScreenSpec(spec: ScreenSpec): Promise<Buffer> {
  return sharp(Buffer.from(screenSvg(spec)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * One screen as an 8-colour PNG: a fifth of the JPEG's size and as legible (flat colours and text
 * need few), for recordings kept in the repository (the demo week).
 */
export function renderScreenSpecPng(spec: ScreenSpec): Promise<Buffer> {
  return sharp(Buffer.from(screenSvg(spec)))
    .png({ palette: true, colours: 8, compressionLevel: 9, effort: 10 })
    .toBuffer();
}

/** What a perfect OCR reads on a screen: its title bar, heading, lines and table rows, in the order drawn. */
export function screenText(spec: ScreenSpec): string {
  const rows = (spec.table ?? []).map((row) => row.filter((cell) => cell.trim() !== '').join(' '));
  return [spec.windowTitle, spec.heading, ...(spec.before ?? []), ...rows, ...(spec.after ?? [])]
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
