import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintImage } from '../../src/core/observe/frame-fingerprint';
import { createOcrProcessRecognizer } from '../../src/core/ocr/ocr-process-recognizer';
import { RegionReader, type RegionFrame } from '../../src/core/ocr/region-reader';
import type { OcrLine, TextRecognizer } from '../../src/core/ocr/text-recognizer';

const WIDTH = 1280;
const HEIGHT = 800;

/** A ledger window of 28 rows at (200, 60)-(1080, 760) on a grey desktop; `rows` overrides some rows' text. */
async function ledgerScreen(rows: Record<number, string> = {}, clock = '10:42'): Promise<Buffer> {
  let text = '';
  for (let i = 0; i < 28; i++) {
    const line = rows[i] ?? `Row ${i} invoice ${4400 + i} Northwind payment ledger`;
    text += `<text x="220" y="${100 + i * 24}" font-family="DejaVu Sans" font-size="16">${line}</text>`;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#7a7a7a"/>` +
    `<rect x="200" y="60" width="880" height="700" fill="#fff"/>` +
    `<text x="20" y="30" font-family="DejaVu Sans" font-size="16" fill="#fff">Desktop clock ${clock} beside the window</text>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function frameOf(image: Buffer): Promise<RegionFrame> {
  const { thumb, width, height } = await fingerprintImage(image);
  return {
    app: 'Excel',
    title: 'Ledger 2026.xlsx',
    image,
    thumb,
    width,
    height,
    monitor: 'DP-1',
    focus: { x: 200, y: 60, width: 880, height: 700 },
  };
}

describe('OCR of the changed part of a screen (real Tesseract)', () => {
  let recognizer: TextRecognizer;
  const crops: number[] = [];
  let reader: RegionReader;
  const texts: string[] = [];
  const shares: number[] = [];

  beforeAll(async () => {
    recognizer = createOcrProcessRecognizer();
    reader = new RegionReader((image, area) => {
      crops.push(area.height);
      return recognizer.recognizeLines!(image, area);
    });
    const edited = {
      19: 'APPROVED: PAYMENT 4471 RELEASED TO NORTHWIND SUPPLIES',
      20: 'Row 20 invoice 4471 approved by Dana Whitfield',
      21: 'MEMO: WIRE SENT 12 MARCH, REFERENCE NW-2026-4471',
    };
    const screens = [
      await ledgerScreen(),
      // Three rows edited: only their band is read.
      await ledgerScreen(edited),
      // Only the desktop beside the window changed: nothing is read, the text stays.
      await ledgerScreen(edited, '10:43 and a much longer clock text'),
    ];
    for (const screen of screens) {
      const read = await reader.read(await frameOf(screen));
      texts.push(read.lines.map((line: OcrLine) => line.text).join('\n'));
      shares.push(read.shareRead);
    }
  }, 120_000);

  afterAll(async () => {
    await recognizer.terminate();
  });

  it("reads the first frame's focused window whole, not the desktop around it", () => {
    expect(shares[0]).toBe(1);
    expect(crops[0]).toBe(700);
    expect(texts[0]).toMatch(/Row 3 invoice 4403 Northwind/);
    expect(texts[0]).toMatch(/Row 20 invoice 4420 Northwind/);
    expect(texts[0]).not.toMatch(/Desktop clock/);
  });

  it('reads only the band of the edited rows, and keeps the rows around it from the frame before', () => {
    expect(shares[1]).toBeGreaterThan(0);
    expect(shares[1]).toBeLessThan(0.3);
    expect(crops[1]).toBeLessThan(200);
    expect(texts[1]).toMatch(/Row 20 invoice 4471 approved by Dana Whitfield/);
    expect(texts[1]).toMatch(/PAYMENT 4471 RELEASED/);
    expect(texts[1]).not.toMatch(/Row 20 invoice 4420/);
    // Unchanged rows, above and below, come from the first read, in screen order.
    expect(texts[1]).toMatch(/Row 3 invoice 4403 Northwind[\s\S]*Row 20 invoice 4471[\s\S]*Row 26 invoice 4426/);
    expect(texts[1]!.split('\n')).toHaveLength(texts[0]!.split('\n').length);
  });

  it('reads nothing when nothing in the window changed', () => {
    expect(shares[2]).toBe(0);
    expect(crops).toHaveLength(2);
    expect(texts[2]).toBe(texts[1]);
  });
});
