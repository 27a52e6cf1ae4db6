import { describe, expect, it } from 'vitest';
import { escapeBusLabel, LogindWatcher, parseLogindLine } from '../../src/core/observe/sources/logind-watcher';
import type { MonitorArea } from '../../src/core/observe/sources/screen-grabber';
import { parseXauthority } from '../../src/core/observe/sources/x11-auth';
import { parseDisplay } from '../../src/core/observe/sources/x11-connection';
import { parseMonitorsReply, viewedMonitors } from '../../src/core/observe/sources/x11-display';

const area = (name: string, x: number, width: number, primary = false): MonitorArea => ({ name, x, y: 0, width, height: 800, primary });

describe('RandR monitors as a person sees them', () => {
  it("drops an output's own monitor that holds the virtual monitors it was split into", () => {
    expect(viewedMonitors([area('LEFT', 0, 1280), area('RIGHT', 1280, 1280), area('screen', 0, 2560, true)]).map((m) => m.name)).toEqual([
      'LEFT',
      'RIGHT',
    ]);
  });

  it('keeps side-by-side monitors and one of two mirrored ones', () => {
    expect(viewedMonitors([area('DP-1', 0, 1920), area('HDMI-1', 1920, 1280)]).map((m) => m.name)).toEqual(['DP-1', 'HDMI-1']);
    expect(viewedMonitors([area('DP-1', 0, 1920), area('HDMI-1', 0, 1920)]).map((m) => m.name)).toEqual(['DP-1']);
  });

  it('reads an RRGetMonitors reply, skipping each monitor’s outputs', () => {
    const reply = Buffer.alloc(32 + 28 + 24);
    reply.writeUInt8(1, 0);
    reply.writeUInt32LE(2, 12);
    let at = 32;
    reply.writeUInt32LE(301, at); // name atom
    reply.writeUInt8(1, at + 4); // primary
    reply.writeUInt16LE(1, at + 6); // one output
    reply.writeInt16LE(0, at + 8);
    reply.writeUInt16LE(1920, at + 12);
    reply.writeUInt16LE(1080, at + 14);
    reply.writeUInt32LE(77, at + 24); // the output
    at += 28;
    reply.writeUInt32LE(302, at);
    reply.writeInt16LE(-1280, at + 8);
    reply.writeInt16LE(200, at + 10);
    reply.writeUInt16LE(1280, at + 12);
    reply.writeUInt16LE(800, at + 14);
    expect(parseMonitorsReply(reply)).toEqual([
      { atom: 301, primary: true, x: 0, y: 0, width: 1920, height: 1080 },
      { atom: 302, primary: false, x: -1280, y: 200, width: 1280, height: 800 },
    ]);
  });
});

describe('reaching the X display', () => {
  it('reads DISPLAY values', () => {
    expect(parseDisplay(':0')).toEqual({ host: null, number: '0', screen: 0 });
    expect(parseDisplay('unix:12.1')).toEqual({ host: null, number: '12', screen: 1 });
    expect(parseDisplay('localhost:10.0')).toEqual({ host: 'localhost', number: '10', screen: 0 });
    expect(() => parseDisplay('wayland-0')).toThrow(/not of the form/);
  });

  it('reads Xauthority entries, and keeps those before a damaged tail', () => {
    const field = (value: Buffer | string): Buffer => {
      const bytes = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(bytes.length);
      return Buffer.concat([length, bytes]);
    };
    const family = Buffer.from([0x01, 0x00]);
    const cookie = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const entry = Buffer.concat([family, field('myhost'), field('3'), field('MIT-MAGIC-COOKIE-1'), field(cookie)]);
    const entries = parseXauthority(Buffer.concat([entry, Buffer.from([0x01, 0x00, 0x00])]));
    expect(entries).toEqual([{ family: 256, address: 'myhost', display: '3', name: 'MIT-MAGIC-COOKIE-1', data: cookie }]);
  });
});

describe('logind over the system bus', () => {
  const session = `/org/freedesktop/login1/session/${escapeBusLabel('2')}`;

  it("escapes a session id as systemd's object paths do", () => {
    expect(escapeBusLabel('2')).toBe('_32');
    expect(escapeBusLabel('c12')).toBe('c12');
  });

  it("follows this session's LockedHint and the manager's PrepareForSleep, nothing else", () => {
    expect(
      parseLogindLine(
        `${session}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'LockedHint': <true>}, @as [])`,
        session,
      ),
    ).toEqual({ kind: 'locked', locked: true });
    expect(
      parseLogindLine(
        `/org/freedesktop/login1/session/_33: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'LockedHint': <true>}, @as [])`,
        session,
      ),
    ).toBeNull();
    expect(parseLogindLine('/org/freedesktop/login1: org.freedesktop.login1.Manager.PrepareForSleep (true,)', null)).toEqual({
      kind: 'sleep',
      sleeping: true,
    });
  });

  it('says locked from the signal on, and no longer once unlocked', () => {
    let now = 1000;
    const watcher = new LogindWatcher({ XDG_SESSION_ID: '2' }, () => now);
    const hint = (value: boolean): string =>
      `${session}: org.freedesktop.DBus.Properties.PropertiesChanged ('org.freedesktop.login1.Session', {'LockedHint': <${value}>}, @as [])`;
    watcher.receive(hint(true));
    now = 5000;
    watcher.receive(hint(true));
    expect(watcher.state()).toEqual({ why: 'screen locked', sinceMs: 1000 });
    watcher.receive('/org/freedesktop/login1: org.freedesktop.login1.Manager.PrepareForSleep (true,)');
    expect(watcher.state()).toEqual({ why: 'going to sleep', sinceMs: 5000 });
    watcher.receive('/org/freedesktop/login1: org.freedesktop.login1.Manager.PrepareForSleep (false,)');
    watcher.receive(hint(false));
    expect(watcher.state()).toBeNull();
  });
});
