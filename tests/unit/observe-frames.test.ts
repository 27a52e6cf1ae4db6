import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changedShare, fingerprintImage, THUMB_HEIGHT, THUMB_WIDTH } from '../../src/core/observe/frame-fingerprint';
import type { Frame } from '../../src/core/observe/frame';
import { detectSignificantChange, LARGE_VISUAL_CHANGE } from '../../src/core/observe/significant-change';
import { compileExclusions } from '../../src/core/observe/exclusion';
import { defaultExclusionRules, settingsSchema } from '../../src/core/config/settings';

/**
 * A 1280x800 "document" whose lines are drawn as word-shaped bars, not text: the picture is the same on
 * every machine, whatever fonts are installed. Each line's words come from its string (one bar per word,
 * as wide as the word), so a different line is a different picture.
 */
async function screen(lines: string[], options: { dark?: boolean; quality?: number; brightness?: number } = {}): Promise<Buffer> {
  const fg = options.dark ? '#fff' : '#000';
  const bars = lines.flatMap((line, i) => {
    let x = 20;
    return line.split(/\s+/).map((word) => {
      const bar = `<rect x="${x}" y="${70 + i * 40}" width="${word.length * 16}" height="22" fill="${fg}"/>`;
      x += word.length * 16 + 14;
      return bar;
    });
  });
  const svg = `<svg width="1280" height="800"><rect width="1280" height="800" fill="${options.dark ? '#222' : '#fff'}"/>
    <rect width="1280" height="40" fill="#2a6"/>${bars.join('')}</svg>`;
  return sharp(Buffer.from(svg))
    .modulate({ brightness: options.brightness ?? 1 })
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}

const invoice = ['Vendor      Amount', 'Acme Supplies   1,240.00', 'Invoice 4471'];

describe('frame dedup (downscaled difference)', () => {
  it('treats a re-encoded, slightly brighter copy of a screen as the same picture', async () => {
    const a = await fingerprintImage(await screen(invoice));
    const b = await fingerprintImage(await screen(invoice, { quality: 50, brightness: 1.02 }));
    expect(a.width).toBe(1280);
    expect(a.height).toBe(800);
    // Dedup compares thumbnails against the setting (the hash is only a label): that is what must see no change.
    expect(changedShare(a.thumb, b.thumb)).toBeLessThan(settingsSchema.parse({}).dedupMinChange);
  });

  it('sees one new line of text in a document as a change worth keeping', async () => {
    const a = await fingerprintImage(await screen(invoice));
    const b = await fingerprintImage(await screen([...invoice, 'Northwind Traders   980.00']));
    expect(changedShare(a.thumb, b.thumb)).toBeGreaterThanOrEqual(settingsSchema.parse({}).dedupMinChange);
    expect(changedShare(a.thumb, b.thumb)).toBeLessThan(LARGE_VISUAL_CHANGE);
  });

  it('sees a different screen as a large change', async () => {
    const a = await fingerprintImage(await screen(invoice));
    const b = await fingerprintImage(await screen(['Northwind Bank', 'Account activity'], { dark: true }));
    expect(changedShare(a.thumb, b.thumb)).toBeGreaterThanOrEqual(LARGE_VISUAL_CHANGE);
  });
});

describe('significant change', () => {
  const cells = THUMB_WIDTH * THUMB_HEIGHT;
  const thumb = (changedCells: number): Buffer => Buffer.from(Array.from({ length: cells }, (_, i) => (i < changedCells ? 0 : 255)));
  const frame = (over: Partial<Frame>): Frame => ({
    id: 1,
    at: 0,
    app: 'Excel',
    title: 'Budget.xlsx',
    hash: 'h',
    thumb: thumb(0),
    width: 1,
    height: 1,
    image: Buffer.alloc(0),
    ...over,
  });

  it('describes an app switch, a title change and a large visual change; ignores minor ones', () => {
    expect(detectSignificantChange(undefined, frame({}))).toBeNull();
    expect(detectSignificantChange(frame({}), frame({ app: 'Chrome', title: 'Bank' }))?.description).toBe(
      'Switched from Excel to Chrome ("Bank")',
    );
    expect(detectSignificantChange(frame({}), frame({ title: 'Ledger.xlsx' }))).toMatchObject({ kind: 'title-change' });
    expect(detectSignificantChange(frame({}), frame({ thumb: thumb(cells / 2) }))).toMatchObject({ kind: 'visual-change' });
    expect(detectSignificantChange(frame({}), frame({ thumb: thumb(10) }))).toBeNull();
  });
});

describe('exclusion rules', () => {
  const rules = compileExclusions(defaultExclusionRules);

  it('covers password managers and private/incognito windows by default', () => {
    expect(rules.match({ app: '1Password', title: 'Vault' })).toBe('password manager');
    expect(rules.match({ app: 'KeePassXC', title: 'db.kdbx' })).toBe('password manager');
    expect(rules.match({ app: 'Google-chrome', title: 'New Tab - Google Chrome (Incognito)' })).toBe('private window');
    expect(rules.match({ app: 'firefox', title: 'Mozilla Firefox Private Browsing' })).toBe('private window');
    expect(rules.match({ app: 'Excel', title: 'Budget.xlsx' })).toBeNull();
  });

  it('needs both parts of a rule with app and title to match', () => {
    const both = compileExclusions([{ app: 'slack', title: 'hr-private', reason: 'hr channel' }]);
    expect(both.match({ app: 'Slack', title: '#hr-private' })).toBe('hr channel');
    expect(both.match({ app: 'Slack', title: '#finance' })).toBeNull();
  });

  it('reports an invalid pattern instead of ignoring it', () => {
    expect(() => compileExclusions([{ app: '(unclosed' }])).toThrow(/rule 1 has an invalid app pattern/);
  });
});
