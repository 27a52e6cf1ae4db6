import { join } from 'node:path';
import type { PrivacyReport, PrivacyStatus } from '../../shared/contract/privacy';
import type { Clock } from '../clock';
import type { ProfilePaths } from '../config/paths';
import { loadSettings, saveSettings, type Settings } from '../config/settings';
import type { LlmClient } from '../llm/llm-client';
import type { LlmConfig } from '../llm/llm-config';
import { describeEndpoint } from './llm-destination';
import { OPENAI_DEFAULT_BASE_URL } from '../llm/llm-config';
import type { OcrPrivacy } from '../ocr/ocr-service';
import type { ObserverPrivacy } from '../observe/observer';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { LOCAL_DEVICE } from '../store/repositories/device-repository';
import { PrivacyRepository, type AgentReadRecord } from '../store/repositories/privacy-repository';
import { FrameVault } from './frame-vault';
import { ImageVerdicts } from './image-verdicts';
import { guardLlm, type GuardedLlm } from './llm-gate';
import { PrivacyLedger } from './privacy-ledger';
import { buildPrivacyReport } from './privacy-report';
import { localOnlyOf, privacyStatus, type ConfiguredLlm } from './privacy-status';
import { createRedactor, type Redactor } from './redactor';
import type { OpenedStore } from './open-store';
import { localDateOf } from '../time';
import { TitleRedactor } from './title-redactor';

export interface PrivacyDeps {
  /** The store and the key it is encrypted with (kept frames are encrypted with it too). */
  readonly store: OpenedStore;
  /** The settings file (`localOnly` is saved there), the database file and the data folder (kept frames). */
  readonly paths: ProfilePaths;
  readonly settings: Settings;
  readonly clock: Clock;
  /** The LLM client every feature would use; the privacy layer hands back the guarded one. */
  readonly llm: LlmClient;
  /** The LLM the settings and environment configure, which a reader's offline client does not show. */
  readonly llmConfig: LlmConfig | null;
  /** The activity of every device; the privacy report reads this computer's own. */
  readonly activity: ActivityRepository;
}

/** Redaction, the privacy report's counts, the LLM gate and kept frames, wired once (docs/privacy.md). */
export interface Privacy {
  readonly redactor: Redactor;
  readonly ledger: PrivacyLedger;
  /** Kept screenshots, encrypted when the store is. */
  readonly frames: FrameVault;
  /** Every LLM call of the core goes through this client. */
  readonly llm: GuardedLlm;
  readonly observer: ObserverPrivacy;
  readonly ocr: OcrPrivacy;
  status(): PrivacyStatus;
  report(date: string): PrivacyReport;
  /** Records an MCP tool answer an agent read (who, which tool, how much; never the content), now. */
  agentRead(read: Omit<AgentReadRecord, 'atMs'>): void;
  /** Turns the local-only switch on or off, from the next call on, and saves it in settings.json. */
  setLocalOnly(enabled: boolean): PrivacyStatus;
  /** Retention: the report's records from before `cutoffMs`; returns how many rows went. */
  prune(cutoffMs: number): number;
  /**
   * A recorded day replayed again: the calls made inside its time and the counters of `days` (days only
   * replays observed) go, so the report counts the day once.
   */
  forgetReplayed(days: readonly string[], window: { startMs: number; endMs: number }): number;
}

export function createPrivacy(deps: PrivacyDeps): Privacy {
  const { store, paths, settings, clock } = deps;
  // The privacy report is about what this computer kept out: its own private time only.
  const activity = deps.activity.scoped(LOCAL_DEVICE);
  const repository = new PrivacyRepository(store.db);
  const ledger = new PrivacyLedger(repository);
  const redactor = createRedactor(settings.redaction);
  const images = new ImageVerdicts();
  const frames = new FrameVault(join(paths.data, 'frames'), store.key?.key ?? null);
  const llm = guardLlm({
    base: deps.llm,
    redactor: () => redactor,
    localOnly: () => localOnlyOf(settings, deps.llm.configured).enabled,
    images,
    ocrChecksImages: settings.ocrEnabled,
    now: () => clock.now(),
    record: (call) => ledger.llmCall(call),
    recordRedactions: (counts, atMs) => ledger.redactions('llm-requests', counts, atMs),
  });
  const titles = new TitleRedactor(() => redactor, ledger);
  const configured: ConfiguredLlm = deps.llm.configured
    ? { destination: llm.destination, vision: deps.llm.visionEnabled }
    : {
        destination: deps.llmConfig ? describeEndpoint(deps.llmConfig.baseUrl ?? OPENAI_DEFAULT_BASE_URL) : null,
        vision: deps.llmConfig?.visionModel != null,
      };
  const status = (): PrivacyStatus =>
    privacyStatus(settings, configured, {
      databaseFile: paths.database,
      encrypted: store.encrypted,
      keySource: store.key?.source ?? null,
      framesEncrypted: frames.encrypted,
    });

  return {
    redactor,
    ledger,
    frames,
    llm,
    observer: {
      title: (raw, atMs) => titles.title(raw, atMs),
      frameDropped: (reason, atMs) => ledger.frameDropped(reason, atMs),
      regionsBlackedOut: (count, atMs) => ledger.regionsBlackedOut(count, atMs),
    },
    ocr: {
      redact: (text) => redactor.redact(text),
      checked: (image, sensitive) => images.judge(image, sensitive),
      stored: (counts, atMs) => ledger.redactions('screen-text', counts, atMs),
    },
    status,
    report: (date) => buildPrivacyReport(date, { activity, privacy: repository, status: status() }),
    agentRead: (read) => repository.recordAgentRead({ ...read, atMs: clock.now() }),
    setLocalOnly(enabled) {
      saveSettings(paths.settings, { ...loadSettings(paths.settings), localOnly: enabled });
      settings.localOnly = enabled;
      return status();
    },
    prune: (cutoffMs) => repository.prune(localDateOf(cutoffMs), cutoffMs),
    forgetReplayed: (days, window) => repository.forgetReplayed(days, window.startMs, window.endMs),
  };
}
