import type { Frame } from '../observe/frame';
import { changedShare } from '../observe/frame-fingerprint';

/** The most screenshots one call sends: the newest distinct pictures of the current task. */
export const VISION_MAX_FRAMES = 3;

export interface VisionFrameRules {
  /** Whether capture is observing now: after it stopped or paused, nothing it saw earlier is sent. */
  readonly observing: boolean;
  /** When the current task began: frames of earlier tasks are not about what the user does now. */
  readonly taskStartMs: number | null;
  /** Pictures (dedup hashes) already sent during this task: the model's answer to them is in the context. */
  readonly alreadySent: ReadonlySet<string>;
  /** Two frames whose thumbnails differ by less than this share are one picture (the dedup setting). */
  readonly minChange: number;
  readonly max?: number;
}

export interface VisionChoice {
  /** Oldest first, as they are attached. */
  readonly chosen: readonly Frame[];
  readonly left: ReadonlyArray<{ readonly frame: Frame; readonly reason: string }>;
}

/**
 * Which of the FIFO's frames a call sends: only while observing, only frames of the current task, each
 * picture once (by the dedup fingerprint: the same hash, or thumbnails closer than the dedup threshold),
 * not one already sent during this task, newest first up to `max`. Every frame left out says why.
 */
export function chooseVisionFrames(frames: readonly Frame[], rules: VisionFrameRules): VisionChoice {
  const max = rules.max ?? VISION_MAX_FRAMES;
  const chosen: Frame[] = [];
  const left: Array<{ frame: Frame; reason: string }> = [];
  for (const frame of [...frames].reverse()) {
    const same = chosen.find((c) => c.hash === frame.hash || changedShare(c.thumb, frame.thumb) < rules.minChange);
    if (!rules.observing) left.push({ frame, reason: 'capture is not observing' });
    else if (!frame.image) left.push({ frame, reason: 'not encoded: nothing read images when it was taken' });
    else if (rules.taskStartMs !== null && frame.at < rules.taskStartMs) left.push({ frame, reason: 'older than the current task' });
    else if (same) left.push({ frame, reason: `the same picture as frame ${same.id}` });
    else if (rules.alreadySent.has(frame.hash)) left.push({ frame, reason: 'already sent during this task' });
    else if (chosen.length >= max) left.push({ frame, reason: `${max} newer pictures sent` });
    else chosen.push(frame);
  }
  return { chosen: chosen.reverse(), left: left.reverse() };
}
