import { describe, expect, it } from 'vitest';
import { decideNavigation, decideWindowOpen, externalLink } from '../../src/main/policy/navigation';
import { isTrustedSender } from '../../src/main/policy/ipc-sender';
import { isRendererUrl, type RendererLocation } from '../../src/main/policy/renderer-location';

const built: RendererLocation = { fileUrl: 'file:///opt/Workflow%20Shadow/resources/app.asar/out/renderer/index.html' };
const dev: RendererLocation = { fileUrl: built.fileUrl, devServerUrl: 'http://localhost:5173/' };

describe('renderer location', () => {
  it('recognises our built page with any hash or query', () => {
    expect(isRendererUrl(built.fileUrl, built)).toBe(true);
    expect(isRendererUrl(`${built.fileUrl}#/sessions/3`, built)).toBe(true);
    expect(isRendererUrl(`${built.fileUrl}?tab=today`, built)).toBe(true);
  });

  it('refuses other files, other schemes and garbage', () => {
    expect(isRendererUrl('file:///opt/Workflow%20Shadow/resources/app.asar/out/renderer/other.html', built)).toBe(false);
    expect(isRendererUrl('file:///etc/passwd', built)).toBe(false);
    expect(isRendererUrl('file://evil-host/opt/Workflow%20Shadow/resources/app.asar/out/renderer/index.html', built)).toBe(false);
    expect(isRendererUrl('http://localhost:5173/', built)).toBe(false);
    expect(isRendererUrl('not a url', built)).toBe(false);
    expect(isRendererUrl(undefined, built)).toBe(false);
  });

  it('while developing, trusts only the dev server origin (not the file, not another port)', () => {
    expect(isRendererUrl('http://localhost:5173/index.html#x', dev)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isRendererUrl('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isRendererUrl(built.fileUrl, dev)).toBe(false);
  });
});

describe('navigation policy', () => {
  it('allows reloads and hash changes of our page', () => {
    expect(decideNavigation(`${built.fileUrl}#/today`, built)).toEqual({ action: 'allow' });
  });

  it('sends web links to the browser instead of navigating the window', () => {
    expect(decideNavigation('https://example.com/docs?a=1', built)).toEqual({
      action: 'open-external',
      url: 'https://example.com/docs?a=1',
    });
    expect(decideNavigation('http://127.0.0.1:7345/', built)).toEqual({ action: 'open-external', url: 'http://127.0.0.1:7345/' });
  });

  it('denies every other scheme and credentials in links', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'smb://server/share',
      'vscode://open?file=/etc/passwd',
      'https://user:secret@example.com/',
      '',
    ]) {
      expect(decideNavigation(url, built), url).toEqual({ action: 'deny' });
    }
  });

  it('never opens a new app window; web links open externally, others are dropped', () => {
    expect(decideWindowOpen('https://github.com/')).toEqual({ action: 'open-external', url: 'https://github.com/' });
    expect(decideWindowOpen(built.fileUrl)).toEqual({ action: 'deny' });
    expect(decideWindowOpen('about:blank')).toEqual({ action: 'deny' });
    expect(externalLink('HTTPS://Example.COM')).toBe('https://example.com/');
  });
});

describe('IPC sender check', () => {
  it('answers our top-level frame only', () => {
    expect(isTrustedSender({ url: built.fileUrl, parent: null }, built)).toBe(true);
    expect(isTrustedSender({ url: `${built.fileUrl}#/x`, parent: null }, built)).toBe(true);
  });

  it('refuses iframes, navigated-away frames and missing frames', () => {
    expect(isTrustedSender({ url: built.fileUrl, parent: { url: built.fileUrl } }, built)).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com/', parent: null }, built)).toBe(false);
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', parent: null }, built)).toBe(false);
    expect(isTrustedSender(null, built)).toBe(false);
    expect(isTrustedSender(undefined, built)).toBe(false);
  });
});
