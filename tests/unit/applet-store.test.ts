import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appletTools } from '../../src/core/applets/applet-tools';
import { ManualClock } from '../../src/core/clock';
import { callTool } from '../../src/core/llm/assistant-tool';
import type { ShadowCore } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';

let home: string;
let clock: ManualClock;
let core: ShadowCore;
const open = (): ShadowCore => openQuietCore(home, { clock });

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'shadow-applets-'));
  clock = new ManualClock(Date.parse('2026-11-02T09:00:00Z'));
  core = open();
});

afterEach(() => {
  core.close();
  rmSync(home, { recursive: true, force: true });
});

describe('applet store', () => {
  it('saves, loads, lists and deletes applets as files in the profile', () => {
    const meta = core.applets.save('git-diff', {
      name: 'Git diff',
      description: 'Shows a diff',
      html: '<pre id=d></pre>',
      js: 'd.textContent = 1',
      css: 'pre{}',
    });
    expect(meta).toEqual({
      slug: 'git-diff',
      name: 'Git diff',
      description: 'Shows a diff',
      createdAt: '2026-11-02T09:00:00.000Z',
      updatedAt: '2026-11-02T09:00:00.000Z',
    });
    const folder = join(core.paths.data, 'applets', 'git-diff');
    expect(readFileSync(join(folder, 'content.html'), 'utf8')).toBe('<pre id=d></pre>');
    clock.advance(60_000);
    core.applets.save('git-diff', { name: 'Git diff', html: '<pre></pre>' });
    core.applets.save('budget', { name: 'Budget', html: '<table></table>' });
    expect(core.applets.load('git-diff')).toMatchObject({
      html: '<pre></pre>',
      js: '',
      css: '',
      createdAt: '2026-11-02T09:00:00.000Z',
      updatedAt: '2026-11-02T09:01:00.000Z',
      state: {},
    });
    expect(core.applets.list().map((a) => a.slug)).toEqual(['budget', 'git-diff']);
    expect(core.applets.delete('budget')).toBe(true);
    expect(core.applets.delete('budget')).toBe(false);
    expect(existsSync(join(core.paths.data, 'applets', 'budget'))).toBe(false);
    expect(() => core.applets.load('budget')).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => core.applets.save('../escape', { name: 'x', html: '' })).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });

  it('round-trips applet state, across a restart, and keeps it when the code is saved again', () => {
    core.applets.save('form', { name: 'Form', html: '<form></form>' });
    const state = { name: 'Ada', count: 3, nested: { list: [1, 'two', null], flag: true } };
    expect(core.applets.setState('form', state)).toEqual(state);
    core.close();
    core = open();
    expect(core.applets.getState('form')).toEqual(state);
    core.applets.save('form', { name: 'Form v2', html: '<form>2</form>' });
    expect(core.applets.load('form').state).toEqual(state);
    expect(() => core.applets.setState('nope', {})).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => core.applets.setState('form', { big: 'x'.repeat(300 * 1024) })).toThrow(expect.objectContaining({ kind: 'too_large' }));
    expect(core.applets.getState('form')).toEqual(state);
  });

  it('gives the assistant save_applet, load_applet and list_applets; loading records the applet in the session context', async () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const [save, load, list] = appletTools(core.applets, core.contextSets);
    const ctx = { sessionId: session.id };
    expect(await callTool(list!, {}, ctx)).toEqual({ text: 'No applets saved yet' });
    expect((await callTool(save!, { slug: 'git-diff', name: 'Git diff', description: 'diffs', html: '<pre></pre>' }, ctx)).text).toMatch(
      /saved as "Git diff"/,
    );
    expect(await callTool(list!, {}, ctx)).toEqual({ text: 'git-diff: Git diff — diffs' });
    const loaded = await callTool(load!, { slug: 'git-diff', params: { path: '/repo' } }, ctx);
    expect(JSON.parse(loaded.text)).toMatchObject({ slug: 'git-diff', html: '<pre></pre>', params: { path: '/repo' } });
    expect(core.contextSets.get(session.id)).toMatchObject({
      context: { applet: ['git-diff', 'path=/repo'] },
      applet: { slug: 'git-diff', params: { path: '/repo' } },
    });
    expect(await callTool(load!, { slug: 'missing' }, ctx)).toMatchObject({ isError: true, text: expect.stringMatching(/not found/) });
  });
});
