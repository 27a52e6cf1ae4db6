export { formatDuration } from '../shared/format-duration';
export { formatClockTime } from '../shared/format-clock-time';

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
