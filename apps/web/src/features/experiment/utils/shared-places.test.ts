import { describe, expect, it } from 'vitest';
import type { Place } from '@aeropool/contract/places';
import { findSharedPlaces, isSamePlace } from './shared-places';

const place = (name: string, latitude: number, longitude: number): Place => ({
  name,
  latitude,
  longitude,
  encodedString: '',
});

const koramangala = place('Koramangala', 12.9352, 77.6245);
const indiranagar = place('Indiranagar', 12.9719, 77.6412);

describe('isSamePlace', () => {
  it('matches an online name with its area added, a few hundred metres apart', () => {
    expect(isSamePlace(koramangala, place('Koramangala, Bengaluru South', 12.9279, 77.6271))).toBe(
      true,
    );
  });

  it('ignores case and punctuation but not different names', () => {
    expect(
      isSamePlace(place('M.G. Road', 12.9755, 77.6068), place('m g road', 12.9757, 77.607)),
    ).toBe(true);
    expect(isSamePlace(koramangala, place('Koramangala 5th Block', 12.9348, 77.6189))).toBe(false);
  });

  it('keeps equal names far apart as different places', () => {
    expect(
      isSamePlace(place('Church Street', 12.975, 77.605), place('Church Street', 13.08, 77.58)),
    ).toBe(false);
  });
});

describe('findSharedPlaces', () => {
  it('pairs twins by index in both directions and leaves the rest unpaired', () => {
    const left = [koramangala, indiranagar, place('Whitefield', 12.9698, 77.75)];
    const right = [place('Indiranagar, Bengaluru East', 12.9784, 77.6408), koramangala];
    expect(findSharedPlaces(left, right)).toEqual({
      leftTwins: [1, 0, null],
      rightTwins: [1, 0],
    });
  });

  it('pairs each result once when one side repeats a name', () => {
    expect(findSharedPlaces([koramangala, koramangala], [koramangala])).toEqual({
      leftTwins: [0, null],
      rightTwins: [0],
    });
  });

  it('finds nothing shared when a side has no results', () => {
    expect(findSharedPlaces([koramangala], [])).toEqual({ leftTwins: [null], rightTwins: [] });
  });
});
