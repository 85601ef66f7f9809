// What `npm test` and `scripts/run-hardening.mjs` read from the JSON reports: each run's counts,
// the tests that did not run (with the reason vitest or Playwright recorded), and the CI rule
// that a skipped test fails the run (decision 0045): a suite whose service is missing must not
// pass as green. Also the closing stage table.
import { existsSync, readFileSync } from 'node:fs';

/** Counts and skipped tests of a vitest JSON report (`--reporter=json`); undefined without one. */
export function readVitest(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = [];
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
        skipped.push(`${result.name}: ${test.fullName ?? test.title}`);
      }
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    skippedTests: skipped,
  };
}

/** Counts and skipped tests of a Playwright JSON report; undefined without one. */
export function readPlaywright(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'skipped') continue;
        const reason = (test.annotations ?? []).find((a) => a.type === 'skip')?.description;
        skipped.push(`${[...path, spec.title].join(' › ')} [${test.projectName}]${reason ? ` (${reason})` : ''}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  const { stats = {} } = report;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    skippedTests: skipped,
  };
}

/** Sums reports (undefined ones are runs that did not happen). */
export function total(reports) {
  const sum = { passed: 0, failed: 0, skipped: 0, skippedTests: [] };
  for (const report of reports) {
    if (!report) continue;
    sum.passed += report.passed;
    sum.failed += report.failed;
    sum.skipped += report.skipped;
    sum.skippedTests.push(...report.skippedTests);
  }
  return sum;
}

/**
 * On CI (CI=true) a skipped test is a failure: every service is there, so a test that did not
 * run is a suite lost without notice. Returns the message to print, or undefined when the run
 * may pass.
 */
export function skipsRefused(sum, env = process.env) {
  if (env.CI !== 'true' || sum.skipped === 0) return undefined;
  const listed = sum.skippedTests.slice(0, 20).map((name) => `  - ${name}`);
  const more = sum.skippedTests.length > 20 ? [`  … and ${sum.skippedTests.length - 20} more`] : [];
  return [`✗ CI=true and ${sum.skipped} test(s) were skipped; on CI every test must run:`, ...listed, ...more].join(
    '\n',
  );
}

/** The closing table: each stage's lane, start, wall seconds and CPU seconds (user + system). */
export function stageTable(rows) {
  const header = ['stage', 'lane', 'start (s)', 'wall (s)', 'CPU (s)'];
  const cells = rows.map((r) => [
    r.title,
    r.lane,
    r.start.toFixed(0),
    r.wall.toFixed(1),
    r.cpu === undefined ? '–' : r.cpu.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    `| ${c.map((v, i) => (i === 0 || i === 1 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}
