import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { emailSchema, firstNameSchema, loginBodySchema } from '@aeropool/contract/accounts';
import { validateFields } from './field-errors';

describe('validateFields', () => {
  it('gives the login form the spec messages per field', () => {
    expect(validateFields(loginBodySchema, { email: '', password: '' }).errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('keeps only the first message of a field', () => {
    const schema = z.object({ firstName: firstNameSchema, email: emailSchema });
    const result = validateFields(schema, { firstName: '  ', email: '' });
    expect(result.success).toBe(false);
    expect(result.errors).toEqual({
      firstName: 'First Name is required',
      email: 'Email is required',
    });
  });

  it('returns the parsed data when valid', () => {
    const result = validateFields(loginBodySchema, { email: ' A@B.IN ', password: 'x' });
    expect(result).toEqual({ success: true, data: { email: 'a@b.in', password: 'x' }, errors: {} });
  });
});
