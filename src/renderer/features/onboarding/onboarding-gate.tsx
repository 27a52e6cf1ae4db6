import { useEffect, useState } from 'react';
import type { Interview } from '../../../shared/contract/memory';
import type { ShadowClient } from '../../api/index';
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

/** First run: the interview wizard over the window until it is answered or put off ("Later"). */
export function OnboardingGate({ client }: { readonly client: ShadowClient }) {
  const [interview, setInterview] = useState<Interview | null>(null);
  const [closed, setClosed] = useState(onboardingPutOff);

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
