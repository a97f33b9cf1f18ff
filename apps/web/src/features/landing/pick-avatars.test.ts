import { describe, expect, it } from 'vitest';
import { AVATARS_PER_GENDER, pickAvatars } from './pick-avatars';

const sequence = (values: number[]) => {
  let call = 0;
  return () => values[call++ % values.length]!;
};

describe('pickAvatars', () => {
  it('uses avatars 1 to 4 of the right gender', () => {
    for (const value of [0, 0.24, 0.25, 0.5, 0.75, 0.999]) {
      const [male, female] = pickAvatars(['male', 'female'], () => value);
      expect(male).toMatch(/^\/avatars\/male-[1-4]\.svg$/);
      expect(female).toMatch(/^\/avatars\/female-[1-4]\.svg$/);
    }
  });

  it('maps the random value onto the avatar number', () => {
    expect(pickAvatars(['male'], () => 0)).toEqual(['/avatars/male-1.svg']);
    expect(pickAvatars(['female'], () => 0.999)).toEqual(['/avatars/female-4.svg']);
  });

  it('does not repeat an avatar within a gender until all four are used', () => {
    const genders = Array.from({ length: AVATARS_PER_GENDER }, () => 'female' as const);
    for (const values of [[0], [0.999], [0.3, 0.9, 0.1]]) {
      const picked = pickAvatars(genders, sequence(values));
      expect(new Set(picked).size).toBe(AVATARS_PER_GENDER);
    }
  });

  it('starts over once a gender has used all four', () => {
    const picked = pickAvatars(['male', 'male', 'male', 'male', 'male'], () => 0);
    expect(picked).toEqual([1, 2, 3, 4, 1].map((n) => `/avatars/male-${n}.svg`));
  });
});
