/**
 * Linux has no login-item API in Electron (`app.setLoginItemSettings` is macOS/Windows only), so
 * launch at login is an XDG autostart entry: `~/.config/autostart/<name>.desktop`.
 */
export const AUTOSTART_FILE_NAME = 'workflow-shadow.desktop';

/**
 * Quotes one Exec argument as the Desktop Entry spec requires: reserved characters need double
 * quotes, and inside them `"`, `` ` ``, `$` and `\` a backslash; `%` is written `%%`.
 */
function quoteExecArg(arg: string): string {
  const escaped = arg.replace(/%/g, '%%');
  if (arg !== '' && !/[\s"'\\`$<>|&;()*?#~]/.test(arg)) return escaped;
  return `"${escaped.replace(/([\\"`$])/g, '\\$1')}"`;
}

/** The string-value escape layer applies on top of the quoting: every backslash is doubled again. */
function escapeStringValue(value: string): string {
  return value.replace(/\\/g, '\\\\');
}

export function autostartDesktopEntry(command: readonly string[]): string {
  if (command.length === 0) throw new Error('The autostart entry needs the command that starts the app.');
  const broken = command.find((arg) => /[\r\n]/.test(arg));
  if (broken !== undefined) throw new Error(`Cannot write an autostart entry for a path with a line break: ${JSON.stringify(broken)}`);
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Workflow Shadow',
    'Comment=Remembers your workday, on your machine',
    `Exec=${escapeStringValue(command.map(quoteExecArg).join(' '))}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
