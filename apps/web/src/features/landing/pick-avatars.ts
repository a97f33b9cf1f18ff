import type { Gender } from './testimonials';

/** Spec §9: each gender has avatars numbered 1 to 4 in /avatars. */
export const AVATARS_PER_GENDER = 4;

/**
 * Picks an avatar for each person: random, but never the same picture twice for one gender
 * while there are pictures left. `random` returns [0, 1) like Math.random, which tests replace.
 */
export function pickAvatars(genders: readonly Gender[], random: () => number): string[] {
  const unused: Record<Gender, number[]> = { male: [], female: [] };
  return genders.map((gender) => {
    if (unused[gender].length === 0) {
      unused[gender] = Array.from({ length: AVATARS_PER_GENDER }, (_, index) => index + 1);
    }
    const pool = unused[gender];
    const [index] = pool.splice(Math.floor(random() * pool.length), 1);
    return `/avatars/${gender}-${index}.svg`;
  });
}
