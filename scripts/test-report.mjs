// What `npm test` and `scripts/run-hardening.mjs` read from the JSON reports: each run's counts,
// the tests that did not run (with the reason vitest or Playwright recorded), the tests that
// failed (named at the end of the output, which is what CI keeps), and the CI rule
// that a skipped test fails the run (decision 0045): a suite whose service is missing must not
// pass as green. Also the closing stage table.
import { existsSync, readFileSync } from 'node:fs';

/** The first lines of a failure's message, without colour codes: enough to tell which rule broke. */
function firstLines(message, lines = 3) {
  return (
    String(message ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the ANSI colour codes of a report
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, lines)
      .join(' / ')
      .slice(0, 400)
  );
}

/** Counts, skipped and failed tests of a vitest JSON report (`--reporter=json`); undefined without one. */
export function readVitest(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = [];
  const failedTests = [];
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
        skipped.push(`${result.name}: ${test.fullName ?? test.title}`);
      }
      if (test.status === 'failed') {
        failedTests.push(`${result.name}: ${test.fullName ?? test.title} — ${firstLines(test.failureMessages?.[0])}`);
      }
    }
    // A file that failed before its tests ran (an import, a hook) has no failed assertion.
    if (result.status === 'failed' && !(result.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedTests.push(`${result.name}: ${firstLines(result.message)}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    skippedTests: skipped,
    failedTests,
  };
}

/** Counts, skipped and failed tests of a Playwright JSON report; undefined without one. */
export function readPlaywright(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = [];
  const failedTests = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${[...path, spec.title].join(' › ')} [${test.projectName}]`;
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message ?? test.results?.at(-1)?.errors?.[0]?.message;
          failedTests.push(`${name} — ${firstLines(error)}`);
        }
        if (test.status !== 'skipped') continue;
        const reason = (test.annotations ?? []).find((a) => a.type === 'skip')?.description;
        skipped.push(`${name}${reason ? ` (${reason})` : ''}`);
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
    failedTests,
  };
}

/** Sums reports (undefined ones are runs that did not happen). */
export function total(reports) {
  const sum = { passed: 0, failed: 0, skipped: 0, skippedTests: [], failedTests: [] };
  for (const report of reports) {
    if (!report) continue;
    sum.passed += report.passed;
    sum.failed += report.failed;
    sum.skipped += report.skipped;
    sum.skippedTests.push(...report.skippedTests);
    sum.failedTests.push(...(report.failedTests ?? []));
  }
  return sum;
}

/**
 * The failed tests named with their message's first lines, for the end of the output: CI keeps
 * only the tail of a long run, and a count alone does not say which test to look at.
 */
export function failuresListed(sum) {
  if (!sum.failedTests?.length) return undefined;
  const listed = sum.failedTests.slice(0, 20).map((name) => `  - ${name}`);
  const more = sum.failedTests.length > 20 ? [`  … and ${sum.failedTests.length - 20} more`] : [];
  return ['failed:', ...listed, ...more].join('\n');
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
