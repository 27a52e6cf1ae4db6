import type { Settings } from '../config/settings';
import { LLM_OFF, type LlmClient } from '../llm/llm-client';
import type { Memory } from '../memory/create-memory';
import type { Db } from '../store/database';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { DeviceRepository } from '../store/repositories/device-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import type { Understanding } from '../understanding/create-understanding';
import { WorkflowAnswers } from '../workflows/workflow-answers';
import type { WorkflowService } from '../workflows/workflow-service';
import { RecallEngine } from './recall-engine';

export interface RecallDeps {
  readonly db: Db;
  readonly settings: Settings;
  readonly llm: LlmClient;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly memory: Pick<Memory, 'repositories'>;
  readonly understanding: Understanding;
  readonly workflows: WorkflowService;
}

/** Questions about the observed day, over everything the store holds of it: activity, screen text, memory, work items, devices, workflows. */
export function createRecall({ db, settings, llm, activity, screenText, memory, understanding, workflows }: RecallDeps): RecallEngine {
  const devices = new DeviceRepository(db);
  const { tasks, summaries, questions, interview } = memory.repositories;
  return new RecallEngine({
    store: { activity, screenText, tasks, summaries, questions, items: understanding.items, interviewAnswers: () => interview.entries() },
    refresh: () => understanding.refresh(),
    ocrEnabled: settings.ocrEnabled,
    llmStatus: () => llm.status?.() ?? LLM_OFF,
    devices: () => devices.all().map((d) => ({ key: d.key, id: d.id, name: d.name })),
    workflows: new WorkflowAnswers(workflows),
  });
}
