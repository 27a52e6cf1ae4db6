/** "just now", "5 minutes ago", "2 hours ago", "3 days ago". */
export function agoText(thenMs: number, nowMs: number): string {
  const s = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (s < 60) return 'just now';
  if (s < 3600) return unit(Math.floor(s / 60), 'minute');
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hour');
  if (s < 86_400 * 60) return unit(Math.floor(s / 86_400), 'day');
  return unit(Math.floor(s / (86_400 * 30)), 'month');
}
