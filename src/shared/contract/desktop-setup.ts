import { z } from 'zod';
import { defineOperation, defineOperations } from './define';

/** The steps a desktop may need before it can be observed (docs/desktops.md). */
export const desktopSetupStepIdSchema = z.enum(['gnome-extension', 'kde-screenshots']);

export const desktopSetupStepSchema = z.object({
  id: desktopSetupStepIdSchema,
  title: z.string(),
  /** `done`; `todo` (the app can do it when asked); `log-in-again` (done, GNOME loads it at the next login); `unsupported`. */
  state: z.enum(['done', 'todo', 'log-in-again', 'unsupported']),
  /** What the step lets the app do and what the person agrees to, in plain words. */
  explanation: z.string(),
  /** What is wrong now; null when done. */
  problem: z.string().nullable(),
  /** What the person does next; null when nothing is left. */
  action: z.string().nullable(),
  /** Whether `runDesktopSetupStep` can do it now (with the person's consent, given by calling it). */
  canRun: z.boolean(),
});
export type DesktopSetupStep = z.infer<typeof desktopSetupStepSchema>;

export const desktopSetupSchema = z.object({
  session: z.enum(['x11', 'wayland', 'none', 'macos', 'windows']),
  compositor: z.enum(['sway', 'gnome', 'kde', 'other']).nullable(),
  /** Empty where the desktop needs nothing from the person. */
  steps: z.array(desktopSetupStepSchema),
});
export type DesktopSetup = z.infer<typeof desktopSetupSchema>;

export const desktopSetupOperations = defineOperations({
  desktopSetup: defineOperation({
    method: 'GET',
    path: '/desktop/setup',
    summary: 'What this desktop needs before it can be observed (on GNOME: the extension), and where each step stands.',
    input: z.object({}).strict(),
    output: desktopSetupSchema,
  }),
  runDesktopSetupStep: defineOperation({
    method: 'POST',
    path: '/desktop/setup/{step}',
    summary:
      'Does a setup step the person agreed to (on GNOME: installs and turns on the extension); answers the steps as they stand then.',
    input: z.object({ step: desktopSetupStepIdSchema }).strict(),
    output: desktopSetupSchema,
  }),
});
