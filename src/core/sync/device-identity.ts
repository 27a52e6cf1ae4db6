import { hostname } from 'node:os';

/**
 * This device's name as the other devices show it: the `sync.deviceName` setting, else the host name
 * (cut to the 64 characters a name may have). The device's id is drawn once per profile, in the store
 * (migration 012), so it never changes when the name does.
 */
export function localDeviceName(configured: string | undefined): string {
  const name = (configured ?? safeHostname()).trim().slice(0, 64);
  return name || 'this computer';
}

function safeHostname(): string {
  try {
    return hostname();
  } catch {
    return '';
  }
}
