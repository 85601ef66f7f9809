// Export caps and the tracking read's p99 under six exports, on SQLite (tests/support/exports-suite.ts).
import { exportsSuite } from '../support/exports-suite.ts';

exportsSuite('sqlite');
