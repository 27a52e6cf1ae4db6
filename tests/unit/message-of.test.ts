import { describe, expect, it } from 'vitest';
import { messageOf } from '../../src/shared/message-of';

describe('messageOf', () => {
  it("gives an Error's message, a thrown string as it is, and anything else as text", () => {
    expect(messageOf(new TypeError('bad type'))).toBe('bad type');
    expect(messageOf(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe('database or disk is full');
    expect(messageOf('worker exited')).toBe('worker exited');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(null)).toBe('null');
    expect(messageOf(undefined)).toBe('undefined');
  });

  it('never throws itself, whatever was thrown', () => {
    const hostile = {
      toString() {
        throw new Error('no text for you');
      },
    };
    expect(messageOf(hostile)).toBe('[object Object]');
    expect(messageOf(Object.create(null))).toBe('[object Object]');
  });
});
