import { useState } from 'react';
import type { DesktopSetup, DesktopSetupStep } from '../../../shared/contract/desktop-setup';
import type { ShadowClient } from '../../api/index';
import { useAction } from '../../hooks/use-action';

interface DesktopSetupDialogProps {
  readonly client: ShadowClient;
  readonly setup: DesktopSetup;
  /** The person moves on (the step done, or left for later). */
  readonly onClose: () => void;
}

const STATE_WORDS: Record<DesktopSetupStep['state'], string> = {
  done: 'Done',
  todo: 'Needs your consent',
  'log-in-again': 'Installed: log out and back in once',
  unsupported: 'Not possible on this desktop yet',
};

/**
 * The first step of onboarding where the desktop needs one (GNOME on Wayland: the extension): what
 * the step lets the app see, what is missing, and a button that does it only when the person clicks.
 */
export function DesktopSetupDialog({ client, setup: initial, onClose }: DesktopSetupDialogProps) {
  const [setup, setSetup] = useState(initial);
  const { busy, error, run } = useAction();
  const runStep = (step: DesktopSetupStep): Promise<void> =>
    run(async () => setSetup(await client.call('runDesktopSetupStep', { step: step.id })));

  return (
    <div className="modal-backdrop">
      <div className="modal onboarding" role="dialog" aria-modal="true" aria-labelledby="desktop-setup-title" data-testid="desktop-setup">
        <div className="card-head">
          <h2 id="desktop-setup-title">Let the shadow see your desktop</h2>
        </div>
        {setup.steps.map((step) => (
          <section className="onboarding-step" key={step.id} data-testid={`desktop-step-${step.id}`}>
            <span className="onboarding-prompt">{step.title}</span>
            <span className="muted small" data-testid="desktop-step-state">
              {STATE_WORDS[step.state]}
            </span>
            <p className="small">{step.explanation}</p>
            {step.problem && <p className="small">{step.problem}</p>}
            {step.action && (
              <p className="small" data-testid="desktop-step-action">
                <strong>Next:</strong> {step.action}
              </p>
            )}
            {step.canRun && (
              <button type="button" className="primary" onClick={() => void runStep(step)} disabled={busy} data-testid="desktop-step-run">
                I agree: install and turn it on
              </button>
            )}
          </section>
        ))}
        {error && <p className="error-line small">{error}</p>}
        <div className="modal-actions">
          <span className="spacer" />
          <button type="button" onClick={onClose} disabled={busy} data-testid="desktop-setup-continue">
            {setup.steps.every((s) => s.state === 'done') ? 'Continue' : 'Later'}
          </button>
        </div>
      </div>
    </div>
  );
}
