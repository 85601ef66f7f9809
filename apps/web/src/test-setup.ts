import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s (Testing Library's default is 1 s): on CI's two cores,
// busy with PostgreSQL and the API suites beside jsdom, a screen that draws after a fetch and
// a lazy import took longer than 1 s now and then, failing a test that was right.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
