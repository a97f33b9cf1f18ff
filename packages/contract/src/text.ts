import { z } from 'zod';

/**
 * What riders type is text, not control codes: PostgreSQL refuses the NUL character outright
 * (a 500 before this rule), and the others have no business in a name, a place or a subject.
 * Tab and newline stay allowed where a text may span lines (descriptions, chat messages).
 * The C1 controls and the bidirectional embeddings, overrides and isolates go too: "\u202Eetc"
 * shows reversed, so a name or a place could read as something else to a co-rider (Arabic or
 * Urdu text needs none of them; the marks U+200E and U+200F stay allowed).
 */
// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const MULTI_LINE_CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/* eslint-enable no-control-regex */

export const isSingleLineText = (value: string): boolean => !SINGLE_LINE_CONTROL.test(value);
export const isMultiLineText = (value: string): boolean => !MULTI_LINE_CONTROL.test(value);

export const notAllowedCharacters = (label: string) =>
  `${label} contains characters that are not allowed.`;

/**
 * A typed text field: trimmed, required, at most `max` characters, no control characters (tab and
 * newline allowed when `multiLine`). Messages name the field as the form labels it.
 */
export const textSchema = (
  label: string,
  max: number,
  { required = `${label} is required`, multiLine = false } = {},
) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(multiLine ? isMultiLineText : isSingleLineText, notAllowedCharacters(label));
