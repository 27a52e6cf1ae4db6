import { describe, expect, it } from 'vitest';
import { aboutWords, CHANGE_KIND_NAMES, inUserWords, SETTING_NAMES, SHARE_KIND_NAMES, sharedKindsText } from '../../src/shared/user-words';
import { immediateContextSchema, SYNC_SHARE_KINDS } from '../../src/shared/contract/index';
import { internalWordsIn, SETTING_KEYS } from '../helpers/internal-words';

describe('the words a person reads', () => {
  it('name every setting of more than one word, every kind of shared memory and every kind of change', () => {
    expect(SETTING_KEYS).toContain('keepScreenshots');
    expect(SETTING_KEYS).toContain('textModel');
    for (const key of SETTING_KEYS) expect(SETTING_NAMES[key], key).toBeTruthy();
    for (const kind of SYNC_SHARE_KINDS) expect(internalWordsIn(SHARE_KIND_NAMES[kind]), kind).toEqual([]);
    for (const kind of immediateContextSchema.shape.lastSignificantChange.unwrap().shape.kind.options) {
      expect(internalWordsIn(kind), kind).not.toEqual([]);
      expect(internalWordsIn(CHANGE_KIND_NAMES[kind]), kind).toEqual([]);
    }
  });

  it('put an engine sentence that names a setting by key into the window’s words', () => {
    const note = 'Screenshots are not kept (the keepScreenshots setting is off), so only the text read from the screen remains.';
    expect(internalWordsIn(note)).not.toEqual([]);
    expect(inUserWords(note)).toBe('Screenshots are not kept (“Keep screenshots” is off), so only the text read from the screen remains.');
    expect(inUserWords('Turn on captureMonitors to read every screen')).toBe('Turn on “Monitors captured” to read every screen');
    expect(internalWordsIn(inUserWords(note))).toEqual([]);
  });

  it('count text in words, rounded to what a count of tokens can say', () => {
    expect(aboutWords(248)).toBe('about 190 words');
    expect(aboutWords(500)).toBe('about 380 words');
    expect(aboutWords(12_345)).toBe('about 9,300 words');
    expect(aboutWords(1)).toBe('about 1 word');
    expect(internalWordsIn(aboutWords(248))).toEqual([]);
  });

  it('say what a computer shares as a list of a person’s words', () => {
    expect(sharedKindsText([...SYNC_SHARE_KINDS])).toBe('activity, memory, screen text and conversations');
    expect(sharedKindsText(['screenText'])).toBe('screen text');
    expect(sharedKindsText([])).toBe('nothing');
    expect(internalWordsIn(sharedKindsText([...SYNC_SHARE_KINDS]))).toEqual([]);
  });
});
