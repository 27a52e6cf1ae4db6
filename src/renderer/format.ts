/** The window's one set of formatters, shared with the CLI and the core (src/shared). */
export { formatDuration } from '../shared/format-duration';
export { formatClockTime } from '../shared/format-clock-time';
export { formatDate, formatDateTime, formatMoment, formatShortDay } from '../shared/format-date';
