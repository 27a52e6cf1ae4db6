import { describe, expect, it } from 'vitest';
import { formatBytes, formatDiskLine } from '../../src/shared/format-bytes';

describe('formatBytes', () => {
  it('names sizes the way people read them', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(812)).toBe('812 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(393 * 1024 * 1024)).toBe('393 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1.44 * 1024 ** 3)).toBe('1.4 GB');
  });

  it('puts the meter in one line, and says when the cap is passed', () => {
    expect(formatDiskLine({ usedBytes: 412_090_368, capBytes: 2 * 1024 ** 3, share: 0.19, overBudget: false })).toBe(
      '393 MB of 2 GB (19%)',
    );
    expect(formatDiskLine({ usedBytes: 2.2 * 1024 ** 3, capBytes: 2 * 1024 ** 3, share: 1.1, overBudget: true })).toMatch(
      /^2\.2 GB of 2 GB \(110%\), over the cap/,
    );
  });
});
