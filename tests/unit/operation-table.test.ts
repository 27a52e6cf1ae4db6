import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { runOperation } from '../../src/core/api/invoke-operation';
import { CLI_EXIT_CODE, HTTP_STATUS, mcpToolErrorText, toOperationError } from '../../src/core/api/operation-errors';
import { DomainError, notFound } from '../../src/core/errors';
import { operations, publicEvents, type PublicEventName } from '../../src/shared/contract/index';
import { mergeTables } from '../../src/shared/merge-tables';
import { useTempCore } from '../helpers/temp-core';
import { writeTinyDay } from '../helpers/tiny-day';
import { replayWithMemory } from '../helpers/memory-replay';
import { ManualClock } from '../../src/core/clock';

const temp = useTempCore();

describe('the operation table', () => {
  it('names every operation after its key', () => {
    for (const [key, spec] of Object.entries(operations)) expect(spec.name).toBe(key);
  });

  it('refuses a key defined twice instead of letting the later table win', () => {
    expect(mergeTables({ listSessions: 1 }, { health: 2 })).toEqual({ listSessions: 1, health: 2 });
    expect(() => mergeTables({ listSessions: 1 }, { health: 2 }, { listSessions: 3 })).toThrow('"listSessions" is defined twice');
  });

  it('has exactly one handler per operation', () => {
    const { core } = temp.open({ role: 'reader' });
    expect(Object.keys(createHandlers(core)).sort()).toEqual(Object.keys(operations).sort());
  });
});

describe('the adapter core', () => {
  it('maps each failure kind once: HTTP status, CLI exit code, MCP wording', () => {
    const error = toOperationError('getTurn', notFound('Turn 4 of session ses_abcd1234'));
    expect(error).toEqual({ kind: 'not_found', code: 'not_found', message: 'Turn 4 of session ses_abcd1234 was not found' });
    expect([HTTP_STATUS.not_found, CLI_EXIT_CODE.not_found]).toEqual([404, 1]);
    expect([HTTP_STATUS.invalid, CLI_EXIT_CODE.invalid]).toEqual([400, 2]);
    expect([HTTP_STATUS.conflict, HTTP_STATUS.forbidden, HTTP_STATUS.too_large, HTTP_STATUS.unavailable, HTTP_STATUS.internal]).toEqual([
      409, 403, 413, 503, 500,
    ]);
    expect(mcpToolErrorText('get_turn', error)).toBe('Invalid arguments for get_turn: Turn 4 of session ses_abcd1234 was not found');
    const down = toOperationError('health', new DomainError('unavailable', 'storage_unavailable', 'the store is busy'));
    expect(mcpToolErrorText('current_activity', down)).toBe('current_activity failed: the store is busy');
  });

  it('reports an unexpected throw as internal, naming the operation', async () => {
    const result = await runOperation(
      'health',
      () => {
        throw new TypeError('cannot read x');
      },
      {},
    );
    expect(result).toEqual({ ok: false, error: { kind: 'internal', code: 'internal_error', message: 'health failed: cannot read x' } });
  });

  it('refuses a handler answer outside the contract instead of passing it on', async () => {
    const result = await runOperation('getSession', () => ({ id: 'ses_abcd1234' }), { id: 'ses_abcd1234' });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'internal', code: 'invalid_output', message: expect.stringMatching(/^getSession answered outside its contract: /) },
    });
  });

  it('never runs the handler for input the contract refuses', async () => {
    let ran = false;
    const result = await runOperation('appTime', () => ((ran = true), {}), { date: '2026-02-30' });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'invalid_input', message: 'Invalid input for appTime: date: not a real calendar date' },
    });
    expect(ran).toBe(false);
  });
});

describe('public events', () => {
  it('are emitted by the core with the payloads the contract declares', async () => {
    const day = await writeTinyDay([
      { app: 'Excel', title: 'Ledger.xlsx', seconds: 240, text: ['Invoice 4471'] },
      { app: 'Firefox', title: 'Bank portal', seconds: 180 },
      { app: 'Excel', title: 'Ledger.xlsx', seconds: 120, away: true },
      { app: 'Slack', title: 'team', seconds: 90 },
    ]);
    const { core } = temp.open({ replayDir: day, clock: new ManualClock(0), settings: { ocrEnabled: false } });
    const seen = new Map<PublicEventName, unknown[]>();
    for (const name of Object.keys(publicEvents) as PublicEventName[]) {
      core.events.on(name, (payload) => seen.set(name, [...(seen.get(name) ?? []), payload]));
    }
    await replayWithMemory(core);
    const session = core.sessions.create({ type: 'chat', title: 'Ledger', tools: [] });
    core.contextSets.replaceAll(session.id, { tickets: ['AP-42'] });
    await core.sessions.send(session.id, 'How long was I in the ledger?');
    await core.sessions.idle();
    core.sessions.pause(session.id);

    expect([...seen.keys()]).toEqual(
      expect.arrayContaining([
        'work-session:started',
        'work-session:ended',
        'capture:state-changed',
        'session:turn-started',
        'session:reply-delta',
        'session:turn-completed',
        'session:context-changed',
        'session:status-changed',
      ]),
    );
    for (const [name, payloads] of seen) {
      for (const payload of payloads) expect(publicEvents[name].payload.safeParse(payload).error, name).toBeUndefined();
    }
  });
});
