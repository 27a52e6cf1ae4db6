import { describe, expect, it } from 'vitest';
import { parseActiveWindowLine, parseWindowPropertyLine } from '../../src/core/observe/sources/x11-focus-watcher';

describe('xprop -spy lines', () => {
  it('reads the focused window id, and 0x0 or a root without the property (no window manager yet) as nothing focused', () => {
    expect(parseActiveWindowLine('_NET_ACTIVE_WINDOW(WINDOW): window id # 0x60000c')).toBe('0x60000c');
    expect(parseActiveWindowLine('_NET_ACTIVE_WINDOW(WINDOW): window id # 0x0')).toBeNull();
    expect(parseActiveWindowLine('_NET_ACTIVE_WINDOW:  not found.')).toBeNull();
    expect(parseActiveWindowLine('_NET_ACTIVE_WINDOW:  no such atom on any window.')).toBeNull();
    expect(parseActiveWindowLine('xprop: unable to open display ":9"')).toBeUndefined();
  });

  it('takes the class name (the app) from WM_CLASS and titles from both name properties', () => {
    expect(parseWindowPropertyLine('WM_CLASS(STRING) = "xterm", "Excel"')).toEqual({ kind: 'class', app: 'Excel' });
    expect(parseWindowPropertyLine('_NET_WM_NAME(UTF8_STRING) = "Budget.xlsx — Ünïcode"')).toEqual({
      kind: 'net-name',
      title: 'Budget.xlsx — Ünïcode',
    });
    expect(parseWindowPropertyLine('WM_NAME(COMPOUND_TEXT) = "Ledger 2026.xlsx"')).toEqual({ kind: 'wm-name', title: 'Ledger 2026.xlsx' });
    expect(parseWindowPropertyLine('_NET_WM_NAME:  not found.')).toBeNull();
  });

  it('decodes escaped quotes and octal UTF-8 bytes', () => {
    expect(parseWindowPropertyLine('WM_NAME(STRING) = "say \\"hi\\" \\342\\200\\224 now"')).toEqual({
      kind: 'wm-name',
      title: 'say "hi" — now',
    });
  });
});
