// Item 1 of issue 9 in full: 60 s of 50 connections filing and reading back, on each engine.
// The two engines' loads run at the same time: each server gets what the other leaves of the
// two cores (and the two clients share this worker's thread), and what is checked (no 5xx, no
// time-out, no busy database, every number unique, rows = 201s) needs no more (decision 0045).
import { describe, it } from 'vitest';
import { loadScenario } from '../support/load-scenario.ts';
import { ENGINES } from '../support/server.ts';

describe('60 s load of the built server', () => {
  it.concurrent.each(ENGINES)(
    '[%s] files and reads back under 50 connections: no 5xx, no busy database, unique numbers, rows = 201s',
    async (engine) => {
      await loadScenario(engine, 60);
    },
  );
});
