import { z } from 'zod';
import {
  hasVisibleText,
  isMultiLineText,
  isSingleLineText,
  withoutBidiControls,
} from './plain-text';

export * from './plain-text';

export const notAllowedCharacters = (label: string) =>
  `${label} contains characters that are not allowed.`;

/**
 * A typed text field: without bidi controls, trimmed, required (something visible in it), at most
 * `max` characters, no control characters (tab and newline allowed when `multiLine`). Messages
 * name the field as the form labels it.
 */
export const textSchema = (
  label: string,
  max: number,
  { required = `${label} is required`, multiLine = false } = {},
) =>
  z
    .string()
    .overwrite(withoutBidiControls)
    .trim()
    .refine(hasVisibleText, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(multiLine ? isMultiLineText : isSingleLineText, notAllowedCharacters(label));
