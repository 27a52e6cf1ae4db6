import { isRendererUrl, type RendererLocation } from './renderer-location';

export type NavigationDecision =
  { readonly action: 'allow' } | { readonly action: 'deny' } | { readonly action: 'open-external'; readonly url: string };

/** Only web links leave the app, and they open in the user's browser, never inside our window. */
export function externalLink(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}

/**
 * `will-navigate`: the window may only show our renderer (a reload or hash change); a web link is
 * handed to the browser; anything else (file:, javascript:, custom schemes) is refused.
 */
export function decideNavigation(url: string, location: RendererLocation): NavigationDecision {
  if (isRendererUrl(url, location)) return { action: 'allow' };
  return decideWindowOpen(url);
}

/** `setWindowOpenHandler`: no new Electron windows at all; web links open externally. */
export function decideWindowOpen(url: string): NavigationDecision {
  const external = externalLink(url);
  return external ? { action: 'open-external', url: external } : { action: 'deny' };
}
