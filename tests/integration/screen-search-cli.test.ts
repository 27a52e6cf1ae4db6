import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfilePaths } from '../../src/core/config/paths';
import { openDatabase } from '../../src/core/store/database';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';
import { formatClockTime } from '../../src/shared/format-clock-time';
import { runShadow } from '../helpers/shadow-process';

let home: string;

const shadow = (...args: string[]) => runShadow(args, { ...process.env, SHADOW_HOME: home, TZ: 'UTC' });

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'shadow-search-cli-'));
  const db = openDatabase(resolveProfilePaths({ SHADOW_HOME: home }).database);
  const repo = new ScreenTextRepository(db);
  repo.insert({
    atMs: Date.parse('2026-03-02T09:00:00Z'),
    app: 'Ledger',
    title: 'Accounts payable',
    text: 'INVOICE 4471 ACME SUPPLIES\nTotal due 1250.00',
  });
  repo.insert({
    atMs: Date.parse('2026-03-02T10:00:00Z'),
    app: 'Firefox',
    title: 'Bank portal',
    text: 'Statement reconciled\nPayment to ACME SUPPLIES',
  });
  db.close();
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('shadow search --screen', () => {
  it('prints hits with time, app, title and the marked snippet', async () => {
    const res = await shadow('search', 'invoice', '4471', '--screen');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`2026-03-02 ${formatClockTime('2026-03-02T09:00:00Z')}  Ledger — Accounts payable`);
    expect(res.stdout).toContain('**INVOICE** **4471**');
    expect(res.stdout).not.toContain('Firefox');
  });

  it('prints JSON keyed by what was searched, filtered by app', async () => {
    const res = await shadow('search', 'acme', '--screen', '--app', 'firefox', '--json');
    expect(res.code).toBe(0);
    const body = JSON.parse(res.stdout);
    expect(body.query).toBe('acme');
    expect(body.screen.hits.map((h: { app: string }) => h.app)).toEqual(['Firefox']);
  });

  it('takes FTS syntax as plain words and rejects a bad flag with a clear message', async () => {
    expect((await shadow('search', 'NEAR(acme', 'OR', '--screen')).code).toBe(0);
    const bad = await shadow('search', 'acme', '--from', 'tomorrow');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from: expected a local day YYYY-MM-DD');
  });
});
