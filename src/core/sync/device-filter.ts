import { DomainError } from '../errors';
import { LOCAL_DEVICE, type DeviceRepository, type DeviceScope } from '../store/repositories/device-repository';

/**
 * The scope a view's `device` filter asks for: every device when absent, else the device with that id
 * or name. An unknown one is refused with the names there are, never read as "every device".
 */
export function deviceScope(devices: DeviceRepository, filter: string | undefined, localName: string): DeviceScope {
  if (filter === undefined) return null;
  if (filter.trim().toLowerCase() === localName.toLowerCase()) return LOCAL_DEVICE;
  const all = devices.all();
  const matches = devices.matching(all, filter);
  if (matches.length === 1) return matches[0]!.key;
  if (matches.length > 1) {
    throw new DomainError(
      'invalid',
      'device_ambiguous',
      `${matches.length} devices are called "${filter}"; give the id of the one you mean: ${matches.map((d) => d.id).join(', ')}.`,
    );
  }
  const known = all.map((d) => (d.key === LOCAL_DEVICE ? localName : d.name || d.id)).join(', ');
  throw new DomainError('not_found', 'device_not_found', `No device is called "${filter}" here; the devices are: ${known}.`);
}

/** The scope of a view's `device` filter through the core's sync service (its devices and this device's name). */
export function viewScope(sync: { readonly devices: DeviceRepository; deviceName(): string }, filter: string | undefined): DeviceScope {
  return deviceScope(sync.devices, filter, sync.deviceName());
}
