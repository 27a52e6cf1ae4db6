import type { Health, OperationOutput, OperationParsedInput, Operations, PrivacyStatus } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';
import { dayInView } from './day-in-view';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

/** The privacy part of health: what the banner and the status line say about protection. */
export function healthPrivacy(status: PrivacyStatus): Health['privacy'] {
  return {
    storeEncrypted: status.store.encrypted,
    localOnly: status.localOnly.enabled,
    dataMayGoTo: status.dataMayGoTo,
    warning: status.store.warning,
  };
}

export function privacyHandlers(core: ShadowCore) {
  const privacyReport: Op<'privacyReport'> = ({ date }) => {
    // The open span counts too: private time up to the last poll.
    core.observer.flushOpenSpan();
    return core.privacy.report(date ?? dayInView(core).date);
  };
  const privacyStatus: Op<'privacyStatus'> = () => core.privacy.status();
  const setLocalOnly: Op<'setLocalOnly'> = ({ enabled }) => core.privacy.setLocalOnly(enabled);
  return { privacyReport, privacyStatus, setLocalOnly };
}
