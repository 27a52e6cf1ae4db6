const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Sizes for people: `812 KB`, `1.4 GB` (binary multiples, one decimal below 10 of a unit). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} bytes`;
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${UNITS[unit]}`;
}

/** The disk meter in one line: `312 MB of 2 GB (15%)`. */
export function formatDiskLine(meter: { usedBytes: number; capBytes: number; share: number; overBudget: boolean }): string {
  const line = `${formatBytes(meter.usedBytes)} of ${formatBytes(meter.capBytes)} (${Math.round(meter.share * 100)}%)`;
  return meter.overBudget ? `${line}, over the cap: the oldest screen text and frames are being removed` : line;
}
