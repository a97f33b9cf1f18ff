import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

type Validation<Output, Field extends string> =
  | { success: true; data: Output; errors: FieldErrors<Field> }
  | { success: false; data: null; errors: FieldErrors<Field> };

/**
 * Runs a contract schema over form values and keeps the first message per field, so a form shows
 * exactly the spec's text under each input (spec §5) instead of a list of zod issues.
 */
export function validateFields<Schema extends z.ZodType<object>>(
  schema: Schema,
  values: z.input<Schema>,
): Validation<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data, errors: {} };

  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return { success: false, data: null, errors };
}
