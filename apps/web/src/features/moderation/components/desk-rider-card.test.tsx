import { expect, it } from 'vitest';
import { reportsText } from './desk-rider-card';

it('says when one rider made several of the reports', () => {
  expect(reportsText(0, 0)).toBe('0 reports');
  expect(reportsText(1, 1)).toBe('1 report');
  expect(reportsText(3, 3)).toBe('3 reports');
  expect(reportsText(5, 1)).toBe('5 reports from 1 rider');
  expect(reportsText(4, 2)).toBe('4 reports from 2 riders');
});
