// Item 1 of issue 9 in full: 60 s of 50 connections filing and reading back, on each engine.
import { describe, it } from 'vitest';
import { loadScenario } from '../support/load-scenario.ts';
import { ENGINES } from '../support/server.ts';

describe.each(ENGINES)('60 s load of the built server [%s]', (engine) => {
  it('files and reads back under 50 connections: no 5xx, no busy database, unique numbers, rows = 201s', async () => {
    await loadScenario(engine, 60);
  });
});
