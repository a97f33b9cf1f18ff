import { describe, expect, it } from 'vitest';
import { describeRoute } from './map-points';
import { projectIntoBox } from './sketch-projection';

const box = { width: 320, height: 180, padding: 10 };
const terminal = { latitude: 13.1991, longitude: 77.7105, label: 'Terminal 1' };
const koramangala = { latitude: 12.9352, longitude: 77.6245, label: 'Koramangala' };

describe('projectIntoBox', () => {
  it('keeps every point inside the padded box, north up and east right', () => {
    const project = projectIntoBox([terminal, koramangala], box);
    const [tx, ty] = project(terminal);
    const [kx, ky] = project(koramangala);
    for (const value of [tx, kx]) expect(value).toBeGreaterThanOrEqual(box.padding);
    for (const value of [tx, kx]) expect(value).toBeLessThanOrEqual(box.width - box.padding);
    for (const value of [ty, ky]) expect(value).toBeGreaterThanOrEqual(box.padding);
    for (const value of [ty, ky]) expect(value).toBeLessThanOrEqual(box.height - box.padding);
    // The terminal is north-east of Koramangala.
    expect(ty).toBeLessThan(ky);
    expect(tx).toBeGreaterThan(kx);
  });

  it('fills the limiting dimension, so a tall route spans the box height', () => {
    const [, top] = projectIntoBox([terminal, koramangala], box)(terminal);
    const [, bottom] = projectIntoBox([terminal, koramangala], box)(koramangala);
    expect(bottom - top).toBeCloseTo(box.height - 2 * box.padding, 0);
  });

  it('puts a lone point in the middle instead of dividing by zero', () => {
    expect(projectIntoBox([terminal], box)(terminal)).toEqual([160, 90]);
  });
});

describe('describeRoute', () => {
  it('names the first and last points as the route ends', () => {
    const middle = { ...koramangala, label: 'Indiranagar' };
    expect(describeRoute([terminal, middle, koramangala])).toBe('Terminal 1 → Koramangala');
    expect(describeRoute([terminal])).toBe('Terminal 1');
    expect(describeRoute([])).toBe('No places to show');
  });
});
