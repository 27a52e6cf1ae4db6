import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { AutoPause, isLowPower } from '../../src/main/policy/auto-pause';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

let home: TempShadowHome;
let core: ShadowCore;

beforeEach(async () => {
  home = createTempShadowHome();
  const day = await writeTinyDay([{ app: 'Excel', title: 'Budget.xlsx', seconds: 600 }]);
  core = createShadowCore({ paths: home.paths, replayDir: day, clock: new ManualClock(0), settings: { ocrEnabled: false } });
  core.observer.start();
});

afterEach(() => {
  core.close();
  home.remove();
});

const state = () => core.observer.health().state;

describe('automatic pause (screen lock, sleep, low power)', () => {
  it('pauses on lock as "locked", ends the work session, and resumes on unlock with a new one', () => {
    const autoPause = new AutoPause(core.observer);
    const firstSession = core.observer.health().workSessionId;
    autoPause.begin('screen-locked');
    expect(state()).toBe('locked');
    expect(core.observer.health().pausedReason).toBe('paused automatically: the screen is locked');
    expect(autoPause.isAutoPaused).toBe(true);
    expect(core.activity.getWorkSession(firstSession!)?.status).toBe('completed');

    autoPause.end('screen-locked');
    expect(state()).toBe('observing');
    expect(autoPause.isAutoPaused).toBe(false);
    expect(core.observer.health().workSessionId).not.toBe(firstSession);
  });

  it('stays paused until every condition is over (locked, then asleep)', () => {
    const autoPause = new AutoPause(core.observer);
    autoPause.begin('screen-locked');
    autoPause.begin('suspended');
    autoPause.end('screen-locked');
    expect(state()).toBe('locked');
    autoPause.end('suspended');
    expect(state()).toBe('observing');
  });

  it('never resumes a pause the user made', () => {
    const autoPause = new AutoPause(core.observer);
    core.observer.pause('paused from the tray');
    autoPause.begin('screen-locked');
    expect(core.observer.health().pausedReason).toBe('paused from the tray');
    autoPause.end('screen-locked');
    expect(state()).toBe('paused');
  });

  it('leaves it to the user once they resumed and paused by hand while away', () => {
    const autoPause = new AutoPause(core.observer);
    autoPause.begin('suspended');
    core.observer.resume();
    core.observer.pause('paused from the window');
    autoPause.end('suspended');
    expect(state()).toBe('paused');
    expect(core.observer.health().pausedReason).toBe('paused from the window');
  });

  it('counts battery as low power only with a throttled or hot CPU', () => {
    expect(isLowPower({ onBattery: false, speedLimit: 20, thermalState: 'critical' })).toBe(false);
    expect(isLowPower({ onBattery: true, speedLimit: 100, thermalState: 'nominal' })).toBe(false);
    expect(isLowPower({ onBattery: true, speedLimit: 40, thermalState: 'nominal' })).toBe(true);
    expect(isLowPower({ onBattery: true, speedLimit: 100, thermalState: 'serious' })).toBe(true);
  });
});
