import type { DesktopSetup, DesktopSetupStep } from '../../shared/contract/index';
import { detectDesktopSession } from '../observe/sources/desktop-session';
import { JsonLineLink } from '../observe/sources/wayland/json-line-link';
import {
  gnomeExtensionAdvice,
  gnomeExtensionSocket,
  gnomeExtensionStatus,
  type GnomeExtensionStatus,
} from '../observe/sources/wayland/gnome-extension';
import { kdeScreenshotsGranted } from '../observe/sources/wayland/kde-helper';
import { installGnomeExtension } from './gnome-extension';
import { grantKdeScreenshots, KDE_SCREENSHOTS_EXPLANATION } from './kde-screenshots';

/** What the extension lets the app do: the consent the person gives by running the step. */
export const GNOME_EXTENSION_EXPLANATION =
  'GNOME lets no app see which window you work in. Workflow Shadow installs a small GNOME Shell extension for you ' +
  "(in ~/.local/share/gnome-shell/extensions) that tells it the focused window's app and title, the windows on screen, " +
  'how long you have been idle, and takes its screenshots, all on this computer through a socket only your programs can open. ' +
  'Windows you excluded are blacked out before anything else sees a screenshot. Remove it any time in the Extensions app.';

/** Whether the extension answers on its socket now. */
export async function gnomeExtensionAnswers(env: NodeJS.ProcessEnv, timeoutMs = 2000): Promise<boolean> {
  const socket = gnomeExtensionSocket(env);
  if (!socket) return false;
  const link = new JsonLineLink(socket, "Workflow Shadow's GNOME Shell extension");
  try {
    await Promise.race([
      link.request('hello'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), timeoutMs).unref()),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    link.close();
  }
}

function gnomeStep(status: GnomeExtensionStatus): DesktopSetupStep {
  const advice = gnomeExtensionAdvice(status);
  const state: DesktopSetupStep['state'] = !status.shellSupported
    ? 'unsupported'
    : status.state === 'running'
      ? 'done'
      : status.state === 'enabled-not-running'
        ? 'log-in-again'
        : 'todo';
  return {
    id: 'gnome-extension',
    title: 'Let Workflow Shadow see your windows on GNOME',
    state,
    explanation: GNOME_EXTENSION_EXPLANATION,
    problem: advice?.problem ?? null,
    action: advice ? (state === 'todo' ? 'Install and turn on the extension, then log out and back in once.' : advice.fix) : null,
    canRun: state === 'todo',
  };
}

function kdeStep(env: NodeJS.ProcessEnv): DesktopSetupStep {
  const done = kdeScreenshotsGranted(env);
  return {
    id: 'kde-screenshots',
    title: 'Let KWin take screenshots for Workflow Shadow',
    state: done ? 'done' : 'todo',
    explanation: KDE_SCREENSHOTS_EXPLANATION,
    problem: done
      ? null
      : 'KWin refuses screenshots to Workflow Shadow until it is told to trust it: app time is recorded, screen text is not.',
    action: done ? null : 'Let KWin take screenshots for Workflow Shadow (`shadow setup kde`).',
    canRun: !done,
  };
}

/** The steps this desktop needs: on GNOME the extension, on KDE Plasma KWin's screenshot permission; none on sway. */
export async function desktopSetup(env: NodeJS.ProcessEnv = process.env): Promise<DesktopSetup> {
  const session = detectDesktopSession(env);
  const steps: DesktopSetupStep[] = [];
  if (session.session === 'wayland' && session.compositor === 'gnome')
    steps.push(gnomeStep(await gnomeExtensionStatus(env, () => gnomeExtensionAnswers(env))));
  if (session.session === 'wayland' && session.compositor === 'kde') steps.push(kdeStep(env));
  return { session: session.session, compositor: session.compositor, steps };
}

/** Runs a step the person agreed to; answers the steps as they stand after it. */
export async function runDesktopSetupStep(step: DesktopSetupStep['id'], env: NodeJS.ProcessEnv = process.env): Promise<DesktopSetup> {
  if (step === 'gnome-extension') await installGnomeExtension(env);
  if (step === 'kde-screenshots') grantKdeScreenshots(env);
  return desktopSetup(env);
}
