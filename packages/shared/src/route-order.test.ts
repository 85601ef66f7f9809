import { describe, expect, it } from 'vitest';
import { distanceMetres, orderRoute, type RouteStop, routeMetres } from './route-order.ts';

const stop = (id: number, lat: number, lng: number, overdue = false): RouteStop => ({ id, lat, lng, overdue });

describe('orderRoute', () => {
  it('measures a degree of latitude as about 111 km', () => {
    expect(distanceMetres({ lat: -30, lng: -51 }, { lat: -29, lng: -51 })).toBeCloseTo(111_195, -2);
  });

  it('visits the nearest stop next, from the start point', () => {
    // On one street, east to west: 1 is far east, 2 next to the start, 3 between.
    const stops = [stop(1, -30, -51.0), stop(2, -30, -51.2), stop(3, -30, -51.1)];
    expect(orderRoute(stops, { lat: -30, lng: -51.25 }, false).map((s) => s.id)).toEqual([2, 3, 1]);
    expect(orderRoute(stops, { lat: -30, lng: -50.9 }, false).map((s) => s.id)).toEqual([1, 3, 2]);
  });

  it('begins at the stop filed first when no start is given', () => {
    const stops = [stop(9, -30, -51.0), stop(4, -30, -51.2), stop(7, -30, -51.1)];
    expect(orderRoute(stops, null, false).map((s) => s.id)).toEqual([4, 7, 9]);
  });

  it('puts the overdue stops first when asked, then goes on from the last of them', () => {
    const stops = [stop(1, -30, -51.0, true), stop(2, -30, -51.2), stop(3, -30, -51.1), stop(4, -30, -50.95)];
    const start = { lat: -30, lng: -51.25 };
    expect(orderRoute(stops, start, false).map((s) => s.id)).toEqual([2, 3, 1, 4]);
    expect(orderRoute(stops, start, true).map((s) => s.id)).toEqual([1, 4, 3, 2]);
  });

  it('never makes a route longer than visiting in filing order on a grid of 50 stops', () => {
    const stops: RouteStop[] = [];
    for (let i = 0; i < 50; i++) stops.push(stop(i + 1, -30 + ((i * 37) % 50) / 1000, -51 + ((i * 11) % 50) / 1000));
    const ordered = orderRoute(stops, null, false);
    expect(new Set(ordered.map((s) => s.id)).size).toBe(50);
    expect(routeMetres(ordered, null)).toBeLessThan(routeMetres(stops, null) / 2);
  });
});
