import { isRendererUrl, type RendererLocation } from './renderer-location';

/** The parts of Electron's `WebFrameMain` the check needs (kept structural so it is testable in Node). */
export interface SenderFrame {
  readonly url: string;
  /** `null` for a top-level frame. */
  readonly parent: unknown;
}

/**
 * IPC is answered only for our renderer's top-level frame: an iframe or a page that got
 * navigated elsewhere must not reach the API even if it somehow has the preload.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, location: RendererLocation): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isRendererUrl(frame.url, location);
}
