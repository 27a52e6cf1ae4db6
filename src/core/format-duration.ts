/** `3725` → `1h 02m`; `65` → `1m 05s`; `9` → `9s`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}
