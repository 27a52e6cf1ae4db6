import type { TaskRecord } from '../store/repositories/memory-task-repository';
import { formatDuration } from '../../shared/format-duration';
import { cleanTitle } from './task-segmentation';

export interface TheoryScene {
  readonly nowMs: number;
  readonly currentApp: string;
  readonly currentTitle: string;
  readonly currentTask: TaskRecord | null;
  readonly previousTask: TaskRecord | null;
  /** Recent OCR text of the current window, when OCR is on. */
  readonly screenText: string | null;
}

/** The offline theory of what the user is doing: the current window, the task around it, and text on screen. */
export function heuristicTheory(scene: TheoryScene): string {
  const title = cleanTitle(scene.currentTitle, scene.currentApp);
  const where = title ? `“${title}” in ${scene.currentApp}` : scene.currentApp;
  const parts = [`Working on ${where}`];
  const task = scene.currentTask;
  if (task) {
    const others = task.titles.filter((t) => t !== scene.currentTitle).slice(0, 2);
    parts.push(` for ${formatDuration((scene.nowMs - task.startMs) / 1000)} (task “${task.name}”)`);
    const clean = (t: string): string => task.apps.reduce((title, app) => cleanTitle(title, app), t);
    if (others.length) parts.push(`, going back and forth with ${others.map((t) => `“${clean(t)}”`).join(' and ')}`);
  }
  parts.push('.');
  if (scene.previousTask) parts.push(` Before that: ${scene.previousTask.name}.`);
  if (scene.screenText) parts.push(` On screen: “${screenTextExcerpt(scene.screenText)}”.`);
  return parts.join('');
}

/** The first words of OCR text, on one line. */
function screenTextExcerpt(text: string, words = 25): string {
  return text.replace(/\s+/g, ' ').trim().split(' ').slice(0, words).join(' ');
}
