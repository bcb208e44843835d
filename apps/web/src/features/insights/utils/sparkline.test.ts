import { describe, expect, it } from 'vitest';
import { peakDay, sparklinePoints } from './sparkline';

describe('sparklinePoints', () => {
  it('spreads the days across the width and scales the views to the height', () => {
    const points = sparklinePoints([0, 5, 10], 104, 44, 2);
    expect(points).toEqual([
      { x: 2, y: 42 },
      { x: 52, y: 22 },
      { x: 102, y: 2 },
    ]);
  });

  it('draws a flat line at the bottom when nothing was viewed, and nothing without days', () => {
    expect(sparklinePoints([0, 0], 100, 40).map((p) => p.y)).toEqual([38, 38]);
    expect(sparklinePoints([], 100, 40)).toEqual([]);
  });
});

describe('peakDay', () => {
  it('finds the first busiest day and none when all are zero', () => {
    expect(
      peakDay([
        { day: 'a', views: 1 },
        { day: 'b', views: 3 },
        { day: 'c', views: 3 },
      ])?.day,
    ).toBe('b');
    expect(peakDay([{ day: 'a', views: 0 }])).toBeNull();
  });
});
