import { describe, expect, it } from 'vitest';
import { parseLaunchOptions } from '../../src/main/launch-options';

describe('Electron launch options', () => {
  it('defaults to port 7345 and a visible window', () => {
    expect(parseLaunchOptions([])).toEqual({ port: 7345, speed: 0, hidden: false });
  });

  it('reads the flags shadow start passes on, and ignores Chromium switches', () => {
    const options = parseLaunchOptions([
      '--port',
      '8123',
      '--interval=5',
      '--idle-after',
      '60',
      '--replay',
      'profiles/demo/day',
      '--speed',
      '10',
      '--hidden',
      '--no-sandbox',
      '--enable-features=Foo',
    ]);
    expect(options).toEqual({ port: 8123, interval: 5, idleAfter: 60, replay: 'profiles/demo/day', speed: 10, hidden: true });
  });

  it('refuses bad values with a message that names the flag', () => {
    expect(() => parseLaunchOptions(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseLaunchOptions(['--interval', 'soon'])).toThrow(/--interval/);
    expect(() => parseLaunchOptions(['--port'])).toThrow(/--port needs a value/);
  });
});
