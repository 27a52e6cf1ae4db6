/** Events that surfaces may subscribe to (SSE, IPC). Each has a payload type in src/core/events.ts. */
export const eventNames = [
  'context:immediate-updated',
  'capture:state-changed',
  'capture:error',
  'work-session:started',
  'work-session:ended',
  'session:context-changed',
  'context:session-updated',
  'context:summary-generated',
  'task:boundary',
  'question:asked',
  'memory:error',
  'session:turn-started',
  'session:reply-delta',
  'session:turn-completed',
  'session:toc-updated',
  'session:title-changed',
  'session:status-changed',
] as const;
export type PublicEventName = (typeof eventNames)[number];
