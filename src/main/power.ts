import type { PowerMonitorModule } from './electron-api';
import { AutoPause, isLowPower, type PausableCapture, type PowerReadings } from './policy/auto-pause';

/** Wires powerMonitor to the auto-pause policy; `onChange` lets the tray refresh its tooltip. */
export function watchPower(powerMonitor: PowerMonitorModule, capture: PausableCapture, onChange: () => void): AutoPause {
  const autoPause = new AutoPause(capture);
  const readings: { -readonly [K in keyof PowerReadings]: PowerReadings[K] } = {
    onBattery: powerMonitor.isOnBatteryPower(),
    speedLimit: 100,
    thermalState: 'unknown',
  };
  const applyPower = (): void => {
    if (isLowPower(readings)) autoPause.begin('low-power');
    else autoPause.end('low-power');
    onChange();
  };
  const on = (begin: () => void) => () => {
    begin();
    onChange();
  };

  powerMonitor.on(
    'lock-screen',
    on(() => autoPause.begin('screen-locked')),
  );
  powerMonitor.on(
    'unlock-screen',
    on(() => autoPause.end('screen-locked')),
  );
  powerMonitor.on(
    'suspend',
    on(() => autoPause.begin('suspended')),
  );
  powerMonitor.on(
    'resume',
    on(() => autoPause.end('suspended')),
  );
  powerMonitor.on('on-battery', () => {
    readings.onBattery = true;
    applyPower();
  });
  powerMonitor.on('on-ac', () => {
    readings.onBattery = false;
    applyPower();
  });
  powerMonitor.on('speed-limit-change', ({ limit }) => {
    readings.speedLimit = limit;
    applyPower();
  });
  powerMonitor.on('thermal-state-change', ({ state }) => {
    readings.thermalState = state;
    applyPower();
  });
  applyPower();
  return autoPause;
}
