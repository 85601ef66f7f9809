// Types of node-24-pool.mjs for the configs that import it.
import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { PoolRunnerInitializer } from 'vitest/node';

export function forksOn(execPath: string): PoolRunnerInitializer;
export const WITH_NODE_24: boolean;
export function onNode24<T extends TestProjectInlineConfiguration>(project: T): T;
