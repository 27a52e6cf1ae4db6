/**
 * A duration as every surface says it (window, CLI, chat, summaries, guide, MCP), so the same seconds
 * always read the same. One rounding rule: under a minute, whole seconds; from a minute on, the
 * nearest whole minute (`9` → `9s`, `89` → `1m`, `150` → `3m`, `25005` → `6h 57m`, `3570` → `1h 00m`).
 */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (whole < 60) return `${whole}s`;
  const minutes = Math.round(whole / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

/** Active time per device as every surface lists it: `laptop 4h 10m`, one entry per device, for the caller to join. */
export function formatDeviceTimes(devices: readonly { readonly name: string; readonly activeSeconds: number }[]): string[] {
  return devices.map((d) => `${d.name} ${formatDuration(d.activeSeconds)}`);
}
