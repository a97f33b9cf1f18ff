import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const hmac = (key: Buffer, value: string): string =>
  createHmac('sha256', key).update(value).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A uniformly random code of `length` digits, leading zeros allowed. */
export const randomDigits = (length: number): string =>
  Array.from({ length }, () => randomInt(10)).join('');
