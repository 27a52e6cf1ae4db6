import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import type { LlmClient, LlmRequest, LlmResult } from '../../src/core/llm/llm-client';
import { recallEngineFor } from '../../src/core/recall/recall-engine';
import { SessionService } from '../../src/core/sessions/session-service';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';
import { SessionRepository } from '../../src/core/store/repositories/session-repository';

const T0 = Date.parse('2026-11-02T09:00:00Z');
let db: Db;
const services: SessionService[] = [];

/**
 * A model that titles a conversation after the newest turn's TOC line, and lets a test hold a title
 * call open (`hold`) to rename the conversation while the model is "thinking".
 */
function titlingModel(): LlmClient & { hold: () => () => void } {
  let gate: Promise<void> | null = null;
  const reply = (text: string): LlmResult => ({ text, toolCalls: [], engine: 'llm', model: 'm', fallbackReason: null });
  return {
    configured: true,
    visionEnabled: false,
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return release;
    },
    async complete(request: LlmRequest): Promise<LlmResult> {
      const content = request.messages.at(-1)!.content;
      if (request.purpose === 'toc') return reply(/User: (.*)/.exec(content)![1]!.slice(0, 60));
      if (request.purpose === 'title') {
        if (gate) await gate;
        // The newest TOC line comes first in the title prompt.
        const newest = /\[RECENT\] Turn \d+: (.*)/.exec(content)![1]!;
        return reply(newest.replace(/\?$/, ''));
      }
      return reply('summary');
    },
    async stream(_request, _offline, onDelta) {
      onDelta('An answer.');
      return reply('An answer.');
    },
  };
}

function service(llm: LlmClient): SessionService {
  const made = new SessionService({
    repo: new SessionRepository(db),
    activity: new ActivityRepository(db),
    screenText: new ScreenTextRepository(db),
    recall: recallEngineFor(db, true),
    llm,
    clock: new ManualClock(T0),
    llmContext: () => 'context',
    currentWindow: () => ({ app: null, title: null }),
  });
  services.push(made);
  return made;
}

beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => {
  for (const made of services.splice(0)) made.close();
  db.close();
});

describe('a title the user chose', () => {
  it('stays through new turns on other topics, while an untitled conversation follows its topic', async () => {
    const s = service(titlingModel());
    const named = s.create({ type: 'chat', tools: [] });
    const untitled = s.create({ type: 'chat', tools: [] });
    for (const id of [named.id, untitled.id]) await s.send(id, 'Reconcile the payroll export');
    await s.idle();
    expect(s.get(named.id)).toMatchObject({ title: 'Reconcile the payroll export', titleByUser: false });

    const renamed = s.update(named.id, { title: 'Payroll close, November' });
    expect(renamed).toMatchObject({ title: 'Payroll close, November', titleByUser: true });
    for (const topic of ['Which supplier emails are unanswered?', 'Draft the holiday rota']) {
      await s.send(named.id, topic);
      await s.send(untitled.id, topic);
    }
    await s.idle();
    expect(s.get(named.id)).toMatchObject({ title: 'Payroll close, November', titleByUser: true });
    expect(s.titleHistory(named.id).entries.map((e) => [e.title, e.byUser])).toEqual([
      ['Payroll close, November', true],
      ['Reconcile the payroll export', false],
    ]);
    // Automatic titles go on where the user chose none.
    expect(s.get(untitled.id)).toMatchObject({ title: 'Draft the holiday rota', titleByUser: false });
    expect(s.titleHistory(untitled.id).entries).toHaveLength(3);
  });

  it('wins over an automatic title that was being written when the user renamed', async () => {
    const model = titlingModel();
    const s = service(model);
    const session = s.create({ type: 'chat', tools: [] });
    const release = model.hold();
    await s.send(session.id, 'Compare the fleet fuel cards');
    s.update(session.id, { title: 'Fuel cards' });
    release();
    await s.idle();
    expect(s.get(session.id)).toMatchObject({ title: 'Fuel cards', titleByUser: true });
  });

  it('is the one a conversation was created with, and goes with it through export and import', async () => {
    const s = service(titlingModel());
    const session = s.create({ type: 'ticket', title: 'AP-17 duplicate vendor', tools: [] });
    await s.send(session.id, 'Why is the vendor listed twice?');
    await s.idle();
    expect(s.get(session.id)).toMatchObject({ title: 'AP-17 duplicate vendor', titleByUser: true });
    const files = s.export(session.id).files;
    s.delete(session.id);
    expect(s.import(files)).toMatchObject({ title: 'AP-17 duplicate vendor', titleByUser: true });
    expect(s.titleHistory(session.id).entries[0]).toMatchObject({ byUser: true });

    // An export written before titles could be the user's imports as automatic.
    const old = JSON.parse(files['session.json']) as { session: Record<string, unknown>; titleHistory: Record<string, unknown>[] };
    delete old.session.titleByUser;
    for (const entry of old.titleHistory) delete entry.byUser;
    s.delete(session.id);
    expect(s.import({ ...files, 'session.json': JSON.stringify(old) })).toMatchObject({ titleByUser: false });
  });
});
