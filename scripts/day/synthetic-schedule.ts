import { DEMO_SCREENS } from './demo-screens';
import { DEMO_WINDOWS, type DemoWindowName } from './demo-schedule';
import type { InputPattern, Random, Segment } from './timeline';

const names = Object.keys(DEMO_WINDOWS) as DemoWindowName[];
const workWindows = names.filter((n) => n !== 'passwordManager');

/**
 * A long randomized day over the demo's windows, for benchmarks: switches every 20 s to 15 min,
 * now and then a break (idle when over the threshold) or a password-manager moment, and a frame
 * every 10 s like a real recording.
 */
export function syntheticSchedule(random: Random, hours: number): Segment[] {
  const total = Math.round(hours * 3600);
  const day: Segment[] = [];
  let used = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  while (used < total) {
    const roll = random();
    let name: DemoWindowName;
    let seconds: number;
    let input: InputPattern = 'active';
    if (roll < 0.03) {
      name = 'passwordManager';
      seconds = 15 + Math.floor(random() * 45);
    } else if (roll < 0.08) {
      name = pick(workWindows);
      seconds = 60 + Math.floor(random() * 1200);
      input = 'away';
    } else {
      name = pick(workWindows);
      // Mostly short hops, sometimes long focused stretches.
      seconds = random() < 0.7 ? 20 + Math.floor(random() * 160) : 180 + Math.floor(random() * 720);
      if (random() < 0.2) input = 'reading';
    }
    seconds = Math.min(seconds, total - used);
    const window = DEMO_WINDOWS[name];
    const screens: string[] = window.screens.map((s) => DEMO_SCREENS[s].file);
    if (name === 'ledger' || name === 'ledgerReconciled')
      screens.splice(0, screens.length, DEMO_SCREENS.ledger.file, DEMO_SCREENS.ledgerReconciled.file);
    day.push({
      app: window.app,
      title: window.title,
      seconds,
      input,
      screens,
      screenEverySec: 10,
      ...('private' in window && window.private && { private: true }),
    });
    used += seconds;
  }
  return day;
}
