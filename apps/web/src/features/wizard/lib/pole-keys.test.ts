import { describe, expect, it } from 'vitest';
import { nearestTo, nextInDirection } from './pole-keys.ts';

// A 3 × 3 grid, 10 px apart, read row by row: 0 1 2 / 3 4 5 / 6 7 8 (y grows downwards).
const grid = Array.from({ length: 9 }, (_, i) => ({ x: (i % 3) * 10, y: Math.floor(i / 3) * 10 }));

describe('pole keys', () => {
  it('goes to the neighbour in each arrow’s direction, and nowhere past the edge', () => {
    expect(nextInDirection(grid, 4, 'ArrowRight')).toBe(5);
    expect(nextInDirection(grid, 4, 'ArrowLeft')).toBe(3);
    expect(nextInDirection(grid, 4, 'ArrowDown')).toBe(7);
    expect(nextInDirection(grid, 4, 'ArrowUp')).toBe(1);
    expect(nextInDirection(grid, 5, 'ArrowRight')).toBeNull();
    expect(nextInDirection(grid, 0, 'ArrowUp')).toBeNull();
  });

  it('prefers the pole straight ahead to a closer one off to the side', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 6, y: 5 },
      { x: 0, y: 12 },
    ];
    expect(nextInDirection(points, 0, 'ArrowDown')).toBe(2);
    expect(nextInDirection(points, 0, 'ArrowRight')).toBe(1);
  });

  it('starts at the pole nearest the centre', () => {
    expect(nearestTo(grid, { x: 11, y: 9 })).toBe(4);
    expect(nearestTo([], { x: 0, y: 0 })).toBeNull();
  });
});
