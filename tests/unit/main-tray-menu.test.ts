import { describe, expect, it } from 'vitest';
import type { CaptureState } from '../../src/shared/contract/index';
import {
  trayIconVariant,
  trayMenuModel,
  trayStatusLabel,
  trayTooltip,
  type TrayMenuItem,
  type TrayModelInput,
} from '../../src/main/policy/tray-menu';

const base: TrayModelInput = { state: 'observing', pausedReason: null, autoPaused: false, launchAtLogin: false, pendingQuestion: null };

function action(items: TrayMenuItem[], name: string) {
  return items.find((item) => item.kind === 'action' && item.action === name) as Extract<TrayMenuItem, { kind: 'action' }> | undefined;
}

describe('tray menu model', () => {
  it('offers Pause while observing, and always open window, launch at login and quit', () => {
    const items = trayMenuModel(base);
    expect(items[0]).toEqual({ kind: 'status', label: 'Observing' });
    expect(action(items, 'pause')).toMatchObject({ label: 'Pause observing', enabled: true });
    expect(action(items, 'resume')).toBeUndefined();
    expect(action(items, 'open-window')?.enabled).toBe(true);
    expect(action(items, 'toggle-launch-at-login')).toMatchObject({ checked: false, enabled: true });
    expect(action(items, 'quit')?.enabled).toBe(true);
  });

  it('offers Resume with the reason when paused by the user', () => {
    const items = trayMenuModel({ ...base, state: 'paused', pausedReason: 'paused from the tray' });
    expect(items[0]).toEqual({ kind: 'status', label: 'Paused: paused from the tray' });
    expect(action(items, 'resume')).toMatchObject({ label: 'Resume observing', enabled: true });
    expect(action(items, 'pause')).toBeUndefined();
  });

  it('says "Resume now" for an automatic pause, and the tooltip says it resumes by itself', () => {
    const input: TrayModelInput = {
      ...base,
      state: 'locked',
      pausedReason: 'paused automatically: the screen is locked',
      autoPaused: true,
    };
    expect(action(trayMenuModel(input), 'resume')?.label).toBe('Resume now');
    expect(trayTooltip(input)).toBe(
      'Workflow Shadow — paused (paused automatically: the screen is locked); resumes by itself when you are back',
    );
    expect(trayTooltip({ ...input, state: 'paused', autoPaused: false, pausedReason: null })).toBe(
      'Workflow Shadow — paused; choose Resume to observe again',
    );
  });

  it('names the product states observing / paused / private / idle', () => {
    const labels = (['observing', 'paused', 'private', 'idle'] as CaptureState[]).map(trayStatusLabel);
    expect(labels).toEqual(['Observing', 'Paused', 'Private window — not recorded', 'Idle']);
    expect(trayTooltip({ ...base, state: 'private' })).toBe('Workflow Shadow — private window — not recorded');
    expect(trayTooltip({ ...base, state: 'idle' })).toBe('Workflow Shadow — idle');
  });

  it('disables pause/resume once capture has stopped, and reflects launch at login', () => {
    const items = trayMenuModel({ ...base, state: 'stopped', launchAtLogin: true });
    expect(action(items, 'pause')?.enabled).toBe(false);
    expect(action(items, 'toggle-launch-at-login')?.checked).toBe(true);
  });

  it('shows a pending question with "Answer in the window…" and "Ask me later", and nothing of it without one', () => {
    const text = 'You switched between the ledger and the bank portal 14 times in 10 minutes — what are you reconciling?';
    const items = trayMenuModel({ ...base, pendingQuestion: { id: 7, text } });
    const label = (items[2] as { label: string }).label;
    expect(label.startsWith('Question: You switched between the ledger and the bank portal 14 times')).toBe(true);
    expect(label.endsWith('…')).toBe(true);
    expect(label.length).toBeLessThanOrEqual('Question: '.length + 70);
    expect(items.slice(3, 5)).toEqual([
      { kind: 'action', action: 'open-window', label: 'Answer in the window…', enabled: true },
      { kind: 'action', action: 'snooze-question', label: 'Ask me later', enabled: true },
    ]);
    expect(trayMenuModel({ ...base, pendingQuestion: { id: 8, text: 'What is the Q3 file for?' } })[2]).toEqual({
      kind: 'status',
      label: 'Question: What is the Q3 file for?',
    });
    expect(action(trayMenuModel(base), 'snooze-question')).toBeUndefined();
    expect(trayMenuModel(base).filter((item) => item.kind === 'status')).toHaveLength(1);
  });

  it('greys the icon whenever nothing is recorded', () => {
    const variants = (['observing', 'idle', 'private', 'paused', 'locked', 'stopped'] as CaptureState[]).map(trayIconVariant);
    expect(variants).toEqual(['active', 'active', 'paused', 'paused', 'paused', 'paused']);
  });
});
