import { describe, expect, it } from 'vitest';
import { phoneForUpdate } from './phone-for-update';

describe('phoneForUpdate', () => {
  it('keeps a plain number', () => {
    expect(phoneForUpdate('9876543210')).toBe('9876543210');
  });

  it('drops the separators people type', () => {
    expect(phoneForUpdate(' +91 98765-43210 ')).toBe('919876543210');
    expect(phoneForUpdate('(080) 2222 3333')).toBe('08022223333');
  });

  it('clears the phone when the field is empty', () => {
    expect(phoneForUpdate('')).toBeNull();
    expect(phoneForUpdate('   ')).toBeNull();
  });

  it('leaves out anything that is not a number', () => {
    for (const input of ['abc', '98765x', '1.5', '1e5', '++91', '98 76 ab']) {
      expect(phoneForUpdate(input)).toBeUndefined();
    }
  });
});
