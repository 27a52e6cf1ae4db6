import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { DayRecorder } from '../../src/core/observe/recorder';
import type { CaptureSource } from '../../src/core/observe/sources/capture-source';
import { redactionSettingsSchema } from '../../src/core/config/redaction-settings';
import { createRedactor } from '../../src/core/privacy/redactor';
import { SAMPLE_CARD } from '../helpers/secret-samples';

let out: string;
afterEach(() => rmSync(out, { recursive: true, force: true }));

describe('shadow record', () => {
  it('writes window titles with their secrets redacted', async () => {
    out = mkdtempSync(join(tmpdir(), 'shadow-record-'));
    const image = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const source: CaptureSource = {
      kind: 'desktop',
      activeWindow: async () => ({ app: 'Thunderbird', title: `Card ${SAMPLE_CARD} declined - Thunderbird` }),
      idleSeconds: async () => 0,
      captureScreen: async () => image,
    };
    const redactor = createRedactor(redactionSettingsSchema.parse({}));
    const recorder = new DayRecorder(source, out, new ManualClock(Date.parse('2026-03-14T10:00:00Z')), {
      captureIntervalSec: 10,
      pollIntervalMs: 1000,
      exclusions: [],
      redactTitle: (title) => redactor.redact(title).text,
    });
    await recorder.tick();
    const events = readFileSync(join(out, 'events.jsonl'), 'utf8');
    expect(events).toContain('"title":"Card [card] declined - Thunderbird"');
    expect(events).not.toContain('4111');
  });
});
