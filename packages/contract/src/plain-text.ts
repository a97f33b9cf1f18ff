// The text rules that need no zod: the chat's composer uses them, and zod loads only with the
// forms that validate (issue 7). text.ts re-exports them.

/**
 * What riders type is text, not control codes: PostgreSQL refuses the NUL character outright
 * (a 500 before this rule), and the others have no business in a name, a place or a subject.
 * Tab and newline stay allowed where a text may span lines (descriptions, chat messages).
 */
// Matching control characters is the point of these patterns.
/* eslint-disable no-control-regex */
// C0, DEL and the C1 range (U+0080–U+009F, such as U+0085 NEXT LINE).
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const MULTI_LINE_CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// NEXT LINE (U+0085) is a line break too, from text decoded as Latin-1.
const PAGE_BREAKS = /[\u000B\u000C\u0085]/g;
/* eslint-enable no-control-regex */

/**
 * What shows nothing: spaces, format characters (zero-width space and joiners, soft hyphen, word
 * joiner), what Unicode says a font may ignore (Hangul fillers, variation selectors, the grapheme
 * joiner) and the braille blank. A name or a subject of only these passed "required" while
 * showing nobody anything.
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
export const hasVisibleText = (value: string): boolean => value.replace(INVISIBLE, '') !== '';

export const isSingleLineText = (value: string): boolean => !SINGLE_LINE_CONTROL.test(value);
export const isMultiLineText = (value: string): boolean => !MULTI_LINE_CONTROL.test(value);

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make a name or
 * a place show reversed, or reorder the sentence around it, on a stranger's screen. Nobody types
 * them; they come with pastes (WhatsApp wraps names in isolates), so they are dropped, not refused.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');

/** A one-line text nobody typed here (a Google profile name) made fit to store and show. */
export const asSingleLineText = (value: string, max: number): string =>
  withoutBidiControls(value)
    .replace(ANY_CONTROL, ' ')
    .trim()
    .slice(0, max)
    // A cut through an emoji's pair would leave half of it, stored as U+FFFD.
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();

/**
 * A chat message as the server will take it: bidi controls dropped, a vertical tab or form feed
 * (from some pastes) made a line break, other control characters dropped, and trimmed. Cleaned
 * before sending, a paste is not refused after the box has been cleared.
 */
export const cleanMessageText = (value: string): string =>
  withoutBidiControls(value).replace(PAGE_BREAKS, '\n').replace(MULTI_LINE_CONTROL_ALL, '').trim();

// Firefox before 125 has no Intl.Segmenter: there a code point is the best it gets.
const graphemes =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : undefined;

/**
 * A name's first character for an avatar or an initial, as a reader sees it: whole, whether an
 * emoji of two UTF-16 units, a flag, or a letter with its accent mark.
 */
export const firstCharacter = (value: string): string => {
  const text = value.trim();
  if (!graphemes) return [...text][0] ?? '';
  return graphemes.segment(text)[Symbol.iterator]().next().value?.segment ?? '';
};
