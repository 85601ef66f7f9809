// Which marker an arrow key goes to on the pole layer (issue 35: the layer is one Tab stop and
// the arrows cross it): the nearest in the key's direction on screen, a step sideways counting
// double, so ↓ goes to the pole below rather than to a closer one off to the side.
export type ArrowKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

export interface ScreenPoint {
  x: number;
  y: number;
}

export const isArrowKey = (key: string): key is ArrowKey =>
  key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';

/** The index in `points` the key goes to from `points[from]`, or null when none lies that way. */
export function nextInDirection(points: readonly ScreenPoint[], from: number, key: ArrowKey): number | null {
  const origin = points[from];
  if (!origin) return null;
  let best: number | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  points.forEach((point, index) => {
    if (index === from) return;
    const dx = point.x - origin.x;
    const dy = point.y - origin.y;
    // Along the key's axis (must be ahead) and across it.
    const [along, across] =
      key === 'ArrowRight' ? [dx, dy] : key === 'ArrowLeft' ? [-dx, dy] : key === 'ArrowDown' ? [dy, dx] : [-dy, dx];
    // Ahead, within about 63° of the key's direction (the four cones overlap: none is missed).
    if (along <= 0 || Math.abs(across) > along * 2) return;
    const score = along + 2 * Math.abs(across);
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

/** The index of the point nearest `centre`: where the layer's one Tab stop sits at first. */
export function nearestTo(points: readonly ScreenPoint[], centre: ScreenPoint): number | null {
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  points.forEach((point, index) => {
    const distance = (point.x - centre.x) ** 2 + (point.y - centre.y) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}
