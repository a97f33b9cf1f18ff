/**
 * Spec §5: the phone is sent only if it parses as a number; the API stores it in E.164.
 * Separators people type (spaces, dashes, brackets, a leading +) are dropped first; an empty
 * field clears the phone (null); anything else is left out (undefined) so the stored one stays.
 */
export function phoneForUpdate(input: string): string | null | undefined {
  const digits = input
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s()-]/g, '');
  if (digits === '') return null;
  return /^\d+$/.test(digits) ? digits : undefined;
}
