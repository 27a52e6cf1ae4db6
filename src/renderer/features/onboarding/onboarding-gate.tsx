import { useEffect, useState } from 'react';
import type { DesktopSetup } from '../../../shared/contract/desktop-setup';
import type { Interview } from '../../../shared/contract/memory';
import type { ShadowClient } from '../../api/index';
import { DesktopSetupDialog } from './desktop-setup-dialog';
import { OnboardingWizard } from './onboarding-wizard';

const PUT_OFF_KEY = 'workflow-shadow.onboarding-later';

export function onboardingPutOff(): boolean {
  try {
    return window.localStorage.getItem(PUT_OFF_KEY) === '1';
  } catch {
    return false;
  }
}

function putOff(): void {
  try {
    window.localStorage.setItem(PUT_OFF_KEY, '1');
  } catch {
    // Storage off: the wizard simply comes back next time.
  }
}

/**
 * Onboarding: first what the desktop needs before it can be observed (GNOME's extension), whenever a
 * step is left, once per window; then, on the first run, the interview wizard until it is answered or
 * put off ("Later").
 */
export function OnboardingGate({ client }: { readonly client: ShadowClient }) {
  const [interview, setInterview] = useState<Interview | null>(null);
  const [closed, setClosed] = useState(onboardingPutOff);
  const [desktop, setDesktop] = useState<DesktopSetup | null>(null);
  const [desktopSeen, setDesktopSeen] = useState(false);

  useEffect(() => {
    let cancelled = false;
    client
      .call('desktopSetup', {})
      .then((answer) => !cancelled && setDesktop(answer))
      // Without the answer the window still works; health names what is missing.
      .catch(() => !cancelled && setDesktopSeen(true));
    return () => {
      cancelled = true;
    };
  }, [client]);

  useEffect(() => {
    if (closed) return;
    let cancelled = false;
    client
      .call('getInterview', {})
      .then((answer) => !cancelled && setInterview(answer))
      // Without the interview the window still works; the About you page offers it again.
      .catch(() => !cancelled && setClosed(true));
    return () => {
      cancelled = true;
    };
  }, [client, closed]);

  const desktopPending = desktop !== null && desktop.steps.some((step) => step.state !== 'done');
  if (desktopPending && !desktopSeen) return <DesktopSetupDialog client={client} setup={desktop} onClose={() => setDesktopSeen(true)} />;
  const firstRun = interview !== null && Object.keys(interview.answers).length === 0 && interview.summary === null;
  if (closed || !firstRun) return null;
  return (
    <OnboardingWizard
      client={client}
      interview={interview}
      onClose={() => {
        // Finished or put off, it does not open by itself again; About you offers the interview.
        putOff();
        setClosed(true);
      }}
    />
  );
}
