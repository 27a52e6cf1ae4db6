import type { Migration } from './types';

/**
 * The sync folder read as untrusted input (issue 25, docs/sync.md "What the folder cannot do"):
 * - `sync_segments.stamp`: the file a failed or waiting mark was made from (size, modification time,
 *   inode), so a file that has not changed is not read again at every exchange: a damaged segment costs
 *   one read, not one per exchange, and the segments after it are still reached. `refused`: 1 when the
 *   file was refused as hostile (a link, not a plain file, over its limits, wrongly signed), not merely
 *   damaged.
 * - `devices.public_key`: the Ed25519 public key a device signs its manifest and segments with (base64 of
 *   its 32 bytes), pinned when the person trusts it; `trust`: `trusted` (its segments are imported),
 *   `pending` (seen in the folder, waiting for the person to compare its fingerprint and confirm) or
 *   `refused`. This device is trusted; devices imported before this version wait for a confirmation like
 *   any new one (what they brought stays).
 * - `devices.paused` / `paused_at`: why the last exchange stopped reading a device before the end of what
 *   it had waiting (its budget of bytes, records, lines or time was used), shown until an exchange gets
 *   through all of it.
 */
export const migration013: Migration = {
  version: 13,
  name: 'sync: file stamps of failed segments, device keys and trust, paused devices',
  up: `
    ALTER TABLE sync_segments ADD COLUMN stamp TEXT;
    ALTER TABLE sync_segments ADD COLUMN refused INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1));
    ALTER TABLE devices ADD COLUMN public_key TEXT CHECK (public_key IS NULL OR length(public_key) = 44);
    ALTER TABLE devices ADD COLUMN trust TEXT NOT NULL DEFAULT 'pending' CHECK (trust IN ('trusted', 'pending', 'refused'));
    ALTER TABLE devices ADD COLUMN paused TEXT;
    ALTER TABLE devices ADD COLUMN paused_at INTEGER;
    UPDATE devices SET trust = 'trusted' WHERE key = 1;
  `,
};
