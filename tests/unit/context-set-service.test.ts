import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { callTool, toLlmToolSpec } from '../../src/core/llm/assistant-tool';
import { contextSetTools } from '../../src/core/context-sets/context-set-tools';
import type { CoreEvents } from '../../src/core/events';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';

let home: string;
let work: string;
let core: ShadowCore;
let events: CoreEvents['session:context-changed'][];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'shadow-context-'));
  work = mkdtempSync(join(tmpdir(), 'shadow-context-work-'));
  core = openQuietCore(home, { clock: new ManualClock(Date.parse('2026-11-02T09:00:00Z')) });
  events = [];
  core.events.on('session:context-changed', (e) => events.push(e));
});

afterEach(() => {
  core.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('context-set service', () => {
  it('resumes a session whose files set names two files, one deleted: one listed, one counted, event emitted', () => {
    const spec = join(work, 'spec.md');
    const notes = join(work, 'notes.md');
    writeFileSync(spec, '# spec');
    writeFileSync(notes, 'notes');
    const session = core.sessions.create({ type: 'ticket', tools: [] });
    core.contextSets.set(session.id, 'files', [spec, notes]);
    core.contextSets.set(session.id, 'applet', ['git-diff', 'path=/repo']);
    core.sessions.pause(session.id);
    rmSync(notes);
    events.length = 0;

    const resumed = core.sessions.resume(session.id);

    expect(resumed.block).toContain(`Relevant files:\n- ${spec}\n(1 file not found)`);
    expect(resumed.block).not.toContain(notes);
    expect(resumed.block).toContain('Last applet: git-diff (path=/repo)');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      sessionId: session.id,
      reason: 'resume',
      context: { files: [spec, notes], applet: ['git-diff', 'path=/repo'] },
      applet: { slug: 'git-diff', params: { path: '/repo' } },
      missingFiles: [notes],
    });
    expect(core.contextSets.get(session.id)).toMatchObject({ missingFiles: [notes], totalItems: 4 });
  });

  it('emits a change event with what was added and removed, and none when nothing changed', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    core.contextSets.set(session.id, 'ports', ['3000', '5173']);
    core.contextSets.set(session.id, 'ports', ['5173', '8080'], 'replace');
    core.contextSets.set(session.id, 'ports', ['8080'], 'merge');
    expect(events.map((e) => [e.reason, e.added, e.removed])).toEqual([
      ['changed', { ports: ['3000', '5173'] }, {}],
      ['changed', { ports: ['8080'] }, { ports: ['3000'] }],
    ]);
  });

  it('applies the PATCH fields in order, all or nothing, and refuses a 51st item as invalid', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    core.contextSets.applyPatch(session.id, {
      context: { files: ['/a.md'], tickets: ['T-1'] },
      setContext: { setName: 'tickets', items: ['T-2'] },
      unionContext: { setName: 'files', items: ['/b.md', '/a.md'] },
    });
    expect(core.contextSets.get(session.id).context).toEqual({ files: ['/a.md', '/b.md'], tickets: ['T-2'] });

    const big = Object.fromEntries(Array.from({ length: 5 }, (_, s) => [`set${s}`, Array.from({ length: 10 }, (_, i) => `item ${i}`)]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => core.contextSets.applyPatch(session.id, { context: big, unionContext: { setName: 'files', items: ['/c.md'] } })).toThrow(
      expect.objectContaining({ kind: 'invalid', message: expect.stringMatching(/51 items; at most 50/) }),
    );
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(core.contextSets.get(session.id).context).toEqual({ files: ['/a.md', '/b.md'], tickets: ['T-2'] });
    expect(core.contextSets.applyPatch(session.id, {})).toBeNull();
  });

  it('logs a warning for an unknown set name and reports an unknown session as not found', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    core.contextSets.set(session.id, 'fles', ['/a.md']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unknown context set name "fles"'));
    warn.mockRestore();
    expect(core.contextSets.get(session.id).warnings).toEqual([expect.stringContaining('"fles"')]);
    expect(() => core.contextSets.get('ses_missing1')).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('keeps the context with the session across a restart and deletes it with the session', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    core.contextSets.set(session.id, 'endpoints', ['http://localhost:3000/api']);
    core.close();
    core = openQuietCore(home);
    expect(core.contextSets.get(session.id).context).toEqual({ endpoints: ['http://localhost:3000/api'] });
    databaseOf(core).prepare('DELETE FROM sessions WHERE id = ?').run(session.id);
    expect(databaseOf(core).prepare('SELECT COUNT(*) AS n FROM session_context').get()).toEqual({ n: 0 });
  });
});

describe('context tools', () => {
  it('set_relevant_context and get_relevant_context work through raw model arguments', async () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const [setTool, getTool] = contextSetTools(core.contextSets);
    const ctx = { sessionId: session.id };
    expect(toLlmToolSpec(setTool!)).toMatchObject({
      name: 'set_relevant_context',
      parameters: { type: 'object', required: expect.arrayContaining(['setName', 'items']) },
    });
    expect(await callTool(setTool!, JSON.stringify({ setName: 'files', items: ['/spec.md'] }), ctx)).toEqual({
      text: 'Set files: 1 items',
    });
    expect(await callTool(setTool!, { setName: 'files', items: ['/notes.md'], mode: 'merge' }, ctx)).toEqual({
      text: 'Merged files: 2 items',
    });
    expect(await callTool(getTool!, '{}', ctx)).toEqual({ text: JSON.stringify({ files: ['/spec.md', '/notes.md'] }, null, 2) });
    expect(await callTool(getTool!, { setName: 'ports' }, ctx)).toEqual({ text: JSON.stringify({ ports: [] }, null, 2) });
    expect(await callTool(setTool!, { setName: 'files', items: [] }, ctx)).toEqual({ text: 'Cleared files' });
    expect(await callTool(getTool!, {}, ctx)).toEqual({ text: 'No context stored for this session' });

    const tooMany = await callTool(setTool!, { setName: 'files', items: Array.from({ length: 11 }, (_, i) => `/f${i}`) }, ctx);
    expect(tooMany).toMatchObject({ isError: true, text: expect.stringMatching(/at most 10/) });
    const badPath = await callTool(setTool!, { setName: 'files', items: ['spec.md'] }, ctx);
    expect(badPath).toMatchObject({ isError: true, text: expect.stringMatching(/not an absolute path/) });
    expect(await callTool(setTool!, '{not json', ctx)).toMatchObject({ isError: true, text: expect.stringMatching(/not valid JSON/) });
  });
});
