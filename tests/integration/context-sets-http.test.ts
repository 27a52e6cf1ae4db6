import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import type { ShadowCore } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';
import { waitFor } from '../helpers/wait';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';

const TOKEN = 'context-test-token-0123456789abcdef';

let home: string;
let work: string;
let core: ShadowCore;
let http: RunningHttpServer;

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${http.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Collects `session:context-changed` events from the SSE stream. */
function listenForContextEvents(): Promise<{ events: any[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const events: any[] = [];
    const req = request(
      { host: '127.0.0.1', port: http.port, path: '/api/v1/events', headers: { authorization: `Bearer ${TOKEN}` } },
      (res: IncomingMessage) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: session:context-changed\n')) events.push(JSON.parse(block.split('\ndata: ')[1]!));
          }
        });
        resolve({ events, close: () => req.destroy() });
      },
    );
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-context-http-'));
  work = mkdtempSync(join(tmpdir(), 'shadow-context-files-'));
  core = openQuietCore(home);
  http = await startHttpServer({ core, handlers: createHandlers(core), token: TOKEN, port: 0 });
});

afterAll(async () => {
  await http?.close();
  core?.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('context over HTTP', () => {
  it('PATCH /sessions/{id} sets, merges and replaces context, emits events over SSE, and resume counts a deleted file', async () => {
    const spec = join(work, 'spec.md');
    const notes = join(work, 'notes.md');
    writeFileSync(spec, 'spec');
    writeFileSync(notes, 'notes');
    const stream = await listenForContextEvents();
    const session = (await api('POST', '/sessions', { type: 'ticket' })).body;

    const set = await api('PATCH', `/sessions/${session.id}`, { title: 'Ticket PAY-12', setContext: { setName: 'files', items: [spec] } });
    expect(set.status).toBe(200);
    expect(set.body.title).toBe('Ticket PAY-12');
    await api('PATCH', `/sessions/${session.id}`, { unionContext: { setName: 'files', items: [notes, spec] } });
    await api('PATCH', `/sessions/${session.id}`, { unionContext: { setName: 'tickets', items: ['PAY-12'] } });
    const context = await api('GET', `/sessions/${session.id}/context`);
    expect(context.body).toMatchObject({ context: { files: [spec, notes], tickets: ['PAY-12'] }, totalItems: 3, missingFiles: [] });

    rmSync(notes);
    const resumed = await api('POST', `/sessions/${session.id}/resume`, {});
    expect(resumed.status).toBe(200);
    expect(resumed.body.block).toContain(`- ${spec}\n(1 file not found)`);
    expect(resumed.body.block).toContain('Tickets: PAY-12');

    await waitFor(() => stream.events, {
      what: 'four session:context-changed events on the SSE stream',
      until: (events) => events.length >= 4,
      timeoutMs: 2000,
      intervalMs: 20,
    });
    stream.close();
    expect(stream.events.map((e) => [e.reason, e.added, e.removed])).toEqual([
      ['changed', { files: [spec] }, {}],
      ['changed', { files: [notes] }, {}],
      ['changed', { tickets: ['PAY-12'] }, {}],
      ['resume', {}, {}],
    ]);
    expect(stream.events[3]).toMatchObject({ sessionId: session.id, missingFiles: [notes] });

    const replaced = await api('PATCH', `/sessions/${session.id}`, { context: { ports: ['5173'] } });
    expect(replaced.status).toBe(200);
    expect((await api('GET', `/sessions/${session.id}/context`)).body.context).toEqual({ ports: ['5173'] });
  });

  it('answers 400 with a clear message past the caps or for bad items, and changes nothing', async () => {
    const session = (await api('POST', '/sessions', {})).body;
    await api('PATCH', `/sessions/${session.id}`, { setContext: { setName: 'ports', items: ['3000'] } });
    const eleven = await api('PATCH', `/sessions/${session.id}`, {
      setContext: { setName: 'files', items: Array.from({ length: 11 }, (_, i) => `/f${i}`) },
    });
    expect(eleven.status).toBe(400);
    expect(eleven.body.error.message).toMatch(/at most 10 items/);
    const sets = Object.fromEntries(Array.from({ length: 6 }, (_, s) => [`set${s}`, Array.from({ length: 9 }, (_, i) => `x${i}`)]));
    const many = await api('PATCH', `/sessions/${session.id}`, { context: sets });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toMatch(/54 items; at most 50 in all/);
    const badPort = await api('PATCH', `/sessions/${session.id}`, {
      title: 'Renamed',
      unionContext: { setName: 'ports', items: ['70000'] },
    });
    expect(badPort.status).toBe(400);
    expect(badPort.body.error.message).toMatch(/not a port/);
    expect((await api('GET', `/sessions/${session.id}`)).body.title).not.toBe('Renamed');
    expect((await api('GET', `/sessions/${session.id}/context`)).body.context).toEqual({ ports: ['3000'] });
    expect((await api('PATCH', `/sessions/${session.id}`, { bogus: 1 })).status).toBe(400);
    expect((await api('GET', '/sessions/ses_missing1/context')).status).toBe(404);
  });
});

describe('outputs and applets over HTTP', () => {
  it('stores an output for a session and serves it by id', async () => {
    const session = (await api('POST', '/sessions', {})).body;
    const stored = await api('POST', `/sessions/${session.id}/outputs`, {
      kind: 'command',
      content: '$ npm test\nok',
      metadata: { command: 'npm test', exitCode: 0 },
    });
    expect(stored.status).toBe(200);
    expect(stored.body.marker).toBe(`[output:${stored.body.id}]`);
    const got = await api('GET', `/outputs/${stored.body.id}`);
    expect(got.body).toMatchObject({
      sessionId: session.id,
      kind: 'command',
      content: '$ npm test\nok',
      encoding: 'utf8',
      metadata: { command: 'npm test', exitCode: 0 },
    });
    expect((await api('GET', `/sessions/${session.id}/outputs`)).body.outputs).toHaveLength(1);
    expect((await api('GET', '/outputs/out_missing000')).status).toBe(404);
    expect((await api('GET', '/outputs/not-an-id')).status).toBe(400);
  });

  it('saves, lists, loads and deletes an applet, and round-trips its state', async () => {
    const saved = await api('PUT', '/storage/applet/git-diff', { name: 'Git diff', html: '<pre></pre>', js: 'run()', css: 'pre{}' });
    expect(saved.status).toBe(200);
    const state = { path: '/repo', staged: true, files: ['a.ts', 'b.ts'] };
    expect((await api('POST', '/storage/applet/git-diff/state', { state })).body).toEqual({ slug: 'git-diff', state });
    expect((await api('GET', '/storage/applet/git-diff/state')).body).toEqual({ slug: 'git-diff', state });
    expect((await api('GET', '/storage/applet/git-diff')).body).toMatchObject({
      name: 'Git diff',
      html: '<pre></pre>',
      js: 'run()',
      css: 'pre{}',
      state,
    });
    expect((await api('GET', '/storage/applets')).body.applets.map((a: { slug: string }) => a.slug)).toEqual(['git-diff']);
    expect((await api('POST', '/storage/applet/git-diff/state', { state: [1, 2] })).status).toBe(400);
    expect((await api('DELETE', '/storage/applet/git-diff')).body).toEqual({ deleted: true });
    expect((await api('GET', '/storage/applet/git-diff')).status).toBe(404);
    expect((await api('POST', '/storage/applet/git-diff/state', { state })).status).toBe(404);
  });
});
