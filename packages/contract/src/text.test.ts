import { describe, expect, it } from 'vitest';
import { firstNameSchema } from './accounts';
import { sendChatMessageSchema } from './chat';
import { firstCharacter } from './plain-text';
import { placeSchema } from './places';
import {
  asSingleLineText,
  cleanMessageText,
  isMultiLineText,
  isSingleLineText,
  textSchema,
  withoutBidiControls,
} from './text';

describe('text rules', () => {
  it('refuse NUL and other control characters on one line', () => {
    for (const bad of [
      'a\u0000b',
      '\u0007',
      'x\ty',
      'two\nlines',
      'del\u007f',
      '\u001b[31m',
      // C1: NEXT LINE breaks a line in some readers, and the rest have no place in a text either.
      'a\u0085b',
      '\u009b31m',
    ])
      expect(isSingleLineText(bad)).toBe(false);
    for (const good of ['Asha Rao', 'Koramangala 5th Block', 'Ünïcødé ✈️', ''])
      expect(isSingleLineText(good)).toBe(true);
  });

  it('allow tab and newlines across lines, still no NUL', () => {
    expect(isMultiLineText('line one\nline two\r\n\tindented')).toBe(true);
    expect(isMultiLineText('a\u0000b')).toBe(false);
    expect(isMultiLineText('bell\u0007')).toBe(false);
    expect(isMultiLineText('next\u0085line')).toBe(false);
    // In a chat message it is the line break it stands for.
    expect(cleanMessageText('next\u0085line')).toBe('next\nline');
  });

  it('want something visible where a text is required: an invisible one would pass for a name', () => {
    const blanks = [
      '\u200B',
      '\u00AD',
      '\u2060\u200D',
      '\u3164',
      '\u2800',
      '\u00A0\u200C',
      '\uFEFF',
      // Marks that change nothing on their own: a variation selector, the grapheme joiner.
      '\uFE0F',
      '\u034F\u17B4',
    ];
    for (const blank of blanks) {
      expect(textSchema('Subject', 10).safeParse(blank).error?.issues[0]?.message).toBe(
        'Subject is required',
      );
      expect(firstNameSchema.safeParse(blank).error?.issues[0]?.message).toBe(
        'First Name is required',
      );
      expect(
        sendChatMessageSchema.safeParse({
          matchId: '00000000-0000-4000-8000-000000000001',
          messageText: blank,
          clientId: 'client-123',
        }).error?.issues[0]?.message,
      ).toBe('Message cannot be empty.');
    }
    // Joiners inside what shows stay: an emoji family, a word with a soft hyphen.
    expect(firstNameSchema.parse('👩\u200D👩\u200D👧')).toBe('👩\u200D👩\u200D👧');
    expect(firstNameSchema.parse('Asha ❤\uFE0F')).toBe('Asha ❤\uFE0F');
    expect(textSchema('Subject', 20).parse('Bengal\u00ADuru')).toBe('Bengal\u00ADuru');
    expect(textSchema('Subject', 10).safeParse('').error?.issues).toHaveLength(1);
  });
});

describe('bidi controls', () => {
  const RLO = '\u202E';
  it('are dropped from typed text, so a name cannot show reversed to a stranger', () => {
    expect(withoutBidiControls(`Asha ${RLO}oaR`)).toBe('Asha oaR');
    expect(withoutBidiControls('\u2068Asha\u2069 \u202Aand\u202C \u202DRao')).toBe('Asha and Rao');
    // Marks are strong characters that end at themselves: kept.
    expect(withoutBidiControls('a\u200Eb\u200Fc')).toBe('a\u200Eb\u200Fc');
  });

  it('leave a field of nothing else empty, so it is still required', () => {
    const subject = textSchema('Subject', 10);
    expect(subject.safeParse(` ${RLO}\u2066 `).error?.issues[0]?.message).toBe(
      'Subject is required',
    );
    expect(subject.parse(`${RLO}0123456789`)).toBe('0123456789');
  });

  it('are dropped from chat messages, names and place names too', () => {
    const message = sendChatMessageSchema.parse({
      matchId: '00000000-0000-4000-8000-000000000001',
      messageText: `${RLO}see you at gate 4`,
      clientId: 'client-123',
    });
    expect(message.messageText).toBe('see you at gate 4');
    expect(firstNameSchema.parse(`\u2067Asha\u2069`)).toBe('Asha');
    expect(placeSchema.shape.name.parse(`${RLO}HSR`)).toBe('HSR');
  });

  it('make a text from elsewhere one clean line of at most max characters', () => {
    expect(asSingleLineText(`  ${RLO}Kavya\u0000\nMenon `, 60)).toBe('Kavya  Menon');
    expect(asSingleLineText('x'.repeat(70), 60)).toHaveLength(60);
    expect(asSingleLineText(`${RLO} `, 60)).toBe('');
    expect(asSingleLineText(`${'x'.repeat(59)}😀`, 61)).toBe(`${'x'.repeat(59)}😀`);
    expect(asSingleLineText(`${'x'.repeat(59)}😀`, 60)).toBe('x'.repeat(59));
  });
});

describe('a chat message cleaned before sending', () => {
  const RLO = '\u202E';
  const MATCH = '00000000-0000-4000-8000-000000000001';
  it('is what the server takes: page breaks become lines, other control codes and bidi go', () => {
    const pasted = ` line1\u000Bline2\u000Cline3\u0007 ${RLO}hi\ttab\r\n `;
    const cleaned = cleanMessageText(pasted);
    expect(cleaned).toBe('line1\nline2\nline3 hi\ttab');
    expect(
      sendChatMessageSchema.safeParse({
        matchId: MATCH,
        messageText: pasted,
        clientId: 'client-01',
      }).success,
    ).toBe(false);
    expect(
      sendChatMessageSchema.parse({ matchId: MATCH, messageText: cleaned, clientId: 'client-01' })
        .messageText,
    ).toBe(cleaned);
  });
});

describe('a name’s first character', () => {
  it('is a whole emoji or letter outside the basic plane, not half of it', () => {
    expect(firstCharacter('😀Asha')).toBe('😀');
    expect(firstCharacter('  𝒜sha')).toBe('𝒜');
    expect(firstCharacter('🇮🇳 Asha')).toBe('🇮🇳');
    expect(firstCharacter('👍🏽Ravi')).toBe('👍🏽');
    expect(firstCharacter(' ')).toBe('');
  });
});
