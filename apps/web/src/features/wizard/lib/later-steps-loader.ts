import { loadOrReload } from './reload-on-stale-chunk.ts';

/**
 * Steps 2 to 4 and step 1's check are one lazy chunk, fetched while the citizen fills in
 * step 1, so the first load stays small.
 */
export const loadLaterSteps = () => loadOrReload(() => import('../components/later-steps.ts'));
