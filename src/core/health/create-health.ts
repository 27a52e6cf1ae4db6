import type { Settings } from '../config/settings';
import type { Clock } from '../clock';
import { captureCostReasons } from '../disk-budget/capture-cost-reasons';
import type { DiskBudget } from '../disk-budget/disk-budget';
import type { EventBus } from '../events';
import { LLM_OFF, type LlmClient } from '../llm/llm-client';
import type { OcrService } from '../ocr/ocr-service';
import type { Observer } from '../observe/observer';
import type { CaptureSource } from '../observe/sources/capture-source';
import type { WritabilityMonitor } from '../store/writability-monitor';
import type { SyncService } from '../sync/sync-service';
import { desktopHealthReasons } from './desktop-health';
import { EngineHealth } from './engine-health';
import { llmHealthReasons } from './llm-health';

export interface HealthDeps {
  readonly clock: Clock;
  readonly settings: Settings;
  readonly events: EventBus;
  readonly observer: Observer;
  readonly writability: WritabilityMonitor;
  readonly ocr: OcrService;
  readonly llm: LlmClient;
  readonly source: CaptureSource;
  readonly diskBudget: DiskBudget;
  readonly sync: SyncService;
}

/**
 * The engine's health with every feature's reasons: the model's, the desktop's missing pieces (a Wayland
 * compositor's protocol, a tool, an extension) with their fixes, what capture costs on disk, and sync's
 * once a sync folder is set.
 */
export function createHealth(deps: HealthDeps): EngineHealth {
  const { clock, settings, events, observer, writability, ocr, llm, source, diskBudget, sync } = deps;
  const health = new EngineHealth({ clock, settings, events, observer, writability, ocr });
  health.addProvider(() => llmHealthReasons(llm.status?.() ?? LLM_OFF));
  health.addProvider(() => desktopHealthReasons(source.desktop?.()));
  health.addProvider(() => captureCostReasons(diskBudget.meter(), source));
  health.addProvider(() => (settings.sync.folder ? sync.healthReasons() : []));
  return health;
}
