// Hostile input on every route of the built server on SQLite (tests/support/fuzz-suite.ts).
import { fuzzSuite } from '../support/fuzz-suite.ts';

fuzzSuite('sqlite');
