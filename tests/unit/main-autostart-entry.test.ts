import { describe, expect, it } from 'vitest';
import { autostartDesktopEntry } from '../../src/main/policy/autostart-entry';

const execLine = (command: string[]) =>
  autostartDesktopEntry(command)
    .split('\n')
    .find((line) => line.startsWith('Exec='));

describe('Linux launch at login (XDG autostart entry)', () => {
  it('writes a desktop entry that starts the app hidden in the tray', () => {
    const entry = autostartDesktopEntry(['/opt/WorkflowShadow/workflow-shadow', '--hidden']);
    expect(entry).toMatch(/^\[Desktop Entry\]\nType=Application\nName=Workflow Shadow\n/);
    expect(execLine(['/opt/WorkflowShadow/workflow-shadow', '--hidden'])).toBe('Exec=/opt/WorkflowShadow/workflow-shadow --hidden');
  });

  it('quotes paths with spaces and escapes the characters the spec reserves', () => {
    expect(execLine(['/home/me/Apps/Workflow Shadow.AppImage', '--hidden'])).toBe('Exec="/home/me/Apps/Workflow Shadow.AppImage" --hidden');
    expect(execLine(['/home/me/a$b', '--hidden'])).toBe('Exec="/home/me/a\\\\$b" --hidden');
    expect(execLine(['/home/me/100%/app'])).toBe('Exec=/home/me/100%%/app');
    expect(execLine(['/home/me/"q"/app'])).toBe('Exec="/home/me/\\\\"q\\\\"/app"');
  });

  it('refuses what it cannot represent', () => {
    expect(() => autostartDesktopEntry([])).toThrow(/needs the command/);
    expect(() => autostartDesktopEntry(['/tmp/a\nb'])).toThrow(/line break/);
  });
});
