import { describe, expect, it } from 'vitest';
import { isMultiLineText, isSingleLineText } from './text';

describe('text rules', () => {
  it('refuse NUL and other control characters on one line', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\ty', 'two\nlines', 'del\u007f', '\u001b[31m'])
      expect(isSingleLineText(bad)).toBe(false);
    for (const good of ['Asha Rao', 'Koramangala 5th Block', 'Ünïcødé ✈️', ''])
      expect(isSingleLineText(good)).toBe(true);
  });

  it('allow tab and newlines across lines, still no NUL', () => {
    expect(isMultiLineText('line one\nline two\r\n\tindented')).toBe(true);
    expect(isMultiLineText('a\u0000b')).toBe(false);
    expect(isMultiLineText('bell\u0007')).toBe(false);
  });
});
