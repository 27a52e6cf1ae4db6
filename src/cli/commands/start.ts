import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { packageRoot } from '../../core/package-root';
import { startEngine } from '../../server/start-engine';
import { engineOptionsFrom, startOptionsShape } from '../../server/start-options';
import { locateUiDir } from '../../server/http/static-ui';
import { parseFlags } from '../cli-error';
import type { RunningEngine } from '../../server/start-engine';
import { formatClockTime } from '../../shared/format-clock-time';
import type { LlmStatus } from '../../shared/contract/index';
import { LLM_OFF } from '../../core/llm/llm-client';
import { print } from '../format';

const flagsSchema = z.object({ headless: z.boolean().default(false), ...startOptionsShape });
type StartFlags = z.infer<typeof flagsSchema>;

/** The Electron binary, or null when it is not installed (e.g. installed with ELECTRON_SKIP_BINARY_DOWNLOAD). */
function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

async function runHeadless(flags: StartFlags): Promise<void> {
  const engine = await startEngine({
    ...engineOptionsFrom(flags),
    onReplayFinished: () => print('Replay finished: the recorded day is in the store. The API keeps serving.'),
  });
  // Installed first: a stop asked for while the banner prints still closes the database cleanly.
  const shutdown = (): void => {
    void engine.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const { core, http } = engine;
  const source = flags.replay ? `a recorded day (${flags.replay})` : 'the desktop';
  print(`Workflow Shadow (headless) — profile "${core.paths.profileId}", watching ${source}.`);
  // The server is asked for its model (when none is set) before the banner says what health says.
  await Promise.race([core.llm.prepare?.(), new Promise((done) => setTimeout(done, 3000).unref())]);
  printHealth(engine);
  print(`API:        ${http.url}/api/v1  (try GET /health)`);
  print(`API token:  ${process.env.SHADOW_API_TOKEN ? 'from SHADOW_API_TOKEN' : engine.tokenFile}`);
  print(`Database:   ${core.paths.database}`);
  print(`LLM:        ${describeLlm(core.llm.status?.() ?? LLM_OFF)}`);
  const privacy = core.privacy.status();
  print(`Data goes:  ${privacy.dataMayGoTo}`);
  print(privacy.store.encrypted ? 'Store:      encrypted at rest' : `Store:      NOT ENCRYPTED. ${privacy.store.warning}`);
  print(
    locateUiDir()
      ? `UI:         ${http.url}/#token=${engine.token}`
      : 'UI:         not built yet; `npm run build` builds it (then restart to get the link)',
  );
  print('Press Ctrl+C to stop.');
}

/** The status line and every problem with what to do: the banner says what health says, never the loop's intent. */
function printHealth(engine: RunningEngine): void {
  const { summary, reasons } = engine.core.health.report();
  print(`Status:     ${summary}`);
  for (const reason of reasons) {
    print(`Problem:    ${reason.message}`);
    print(`What to do: ${reason.action}`);
  }
  // Later changes that matter (it stops or starts being able to observe) are logged as they happen.
  let wasUnavailable = engine.core.observer.health().state === 'unavailable';
  engine.core.events.on('capture:state-changed', ({ state }) => {
    const unavailable = state === 'unavailable';
    if (unavailable === wasUnavailable) return;
    wasUnavailable = unavailable;
    const now = formatClockTime(engine.core.clock.now());
    const report = engine.core.health.report();
    print(`${now}  ${report.summary}${unavailable && report.reasons[0] ? ` — ${report.reasons[0].action}` : ''}`);
  });
}

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description('Start Workflow Shadow: the desktop app, or with --headless the engine and the local API only')
    .option('--headless', 'no window: run the engine and serve the API on 127.0.0.1')
    .option('--port <port>', 'HTTP port on 127.0.0.1 (0 picks a free one)', '7345')
    .option('--interval <seconds>', 'seconds between screenshots (default 10)')
    .option('--idle-after <seconds>', 'seconds without input before time counts as idle (default 180)')
    .option('--poll-ms <ms>', 'how often the active window is read (default 1000)')
    .option('--replay <dir>', 'observe a recorded day (e.g. profiles/demo/day) instead of the desktop')
    .option('--speed <factor>', 'replay speed: 0 = as fast as possible, 1 = real time', '0')
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      if (flags.headless) return runHeadless(flags);
      const electron = electronBinary();
      if (!electron) {
        print('Electron is not available here; running headless (the UI is served by the local API).');
        return runHeadless(flags);
      }
      const mainEntry = join(packageRoot, 'out', 'main', 'index.js');
      if (!existsSync(mainEntry)) {
        print('The desktop app is not built yet (run `npm run build`); running headless meanwhile.');
        return runHeadless(flags);
      }
      const args = process.argv.slice(process.argv.indexOf('start') + 1);
      const child = spawn(electron, [mainEntry, ...args], { stdio: 'inherit' });
      child.on('exit', (code) => process.exit(code ?? 0));
    });
}

/** The banner's LLM line: which model answers, or why none does. */
function describeLlm(status: LlmStatus): string {
  switch (status.state) {
    case 'off':
      return 'none configured: the offline engine answers (docs/api.md, "LLM configuration")';
    case 'ready':
      return `${status.model ?? 'the configured model'} at ${status.endpointHost}`;
    case 'checking':
      return `asking ${status.endpointHost} which model it serves…`;
    case 'unavailable':
      return `NOT USED: ${status.lastError ?? 'unknown reason'}; the offline engine answers`;
  }
}
