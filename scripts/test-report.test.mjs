// The CI rule of `npm test` and `scripts/run-hardening.mjs` (decision 0045): a skipped test, of
// vitest or of Playwright, is counted, named with its reason, and fails a run with CI=true. The
// vitest report is a real one: a fixture file with a recorded skip run by vitest.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failuresListed, readPlaywright, readVitest, skipsRefused, stageTable, total } from './test-report.mjs';

const repo = join(import.meta.dirname, '..');
// Inside the repository, where the fixture's `import 'vitest'` resolves.
const cache = join(repo, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'acende-test-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs vitest of its own on `files` in the fixture folder, its JSON report written to `out`. */
function runVitest(out, files) {
  const config = join(dir, 'vitest.config.mjs');
  writeFileSync(config, 'export default {};\n');
  return spawnSync(
    'npx',
    ['vitest', 'run', '--root', dir, '--config', config, '--reporter=json', `--outputFile.json=${out}`, ...files],
    { cwd: repo, encoding: 'utf8' },
  );
}

describe('the skipped-test rule', () => {
  // A vitest of its own: seconds on a quiet machine, more on a shared one.
  it('counts and names a recorded skip in a real vitest report, and refuses it on CI only', {
    timeout: 120_000,
  }, () => {
    const file = join(dir, 'skips.test.mjs');
    writeFileSync(
      file,
      [
        "import { describe, it } from 'vitest';",
        "it('runs', () => {});",
        "describe('limits in Redis', () => { it.skip('Redis does not answer at 127.0.0.1:6379', () => {}); });",
      ].join('\n'),
    );
    const out = join(dir, 'report.json');
    const run = runVitest(out, [file]);
    expect(run.status, run.stderr).toBe(0);
    const report = readVitest(out);
    expect(report).toMatchObject({ passed: 1, failed: 0, skipped: 1 });
    expect(report?.skippedTests).toEqual([`${file}: limits in Redis Redis does not answer at 127.0.0.1:6379`]);
    expect(skipsRefused(report, { CI: 'true' })).toMatch(/1 test\(s\) were skipped[\s\S]*Redis does not answer/);
    expect(skipsRefused(report, {})).toBeUndefined();
    expect(skipsRefused({ ...report, skipped: 0, skippedTests: [] }, { CI: 'true' })).toBeUndefined();
  });

  it('counts and names a skipped journey of a Playwright report with its reason', () => {
    const file = join(dir, 'e2e.json');
    writeFileSync(
      file,
      JSON.stringify({
        stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 1 },
        suites: [
          {
            title: 'tracking-page.spec.ts',
            specs: [],
            suites: [
              {
                title: 'tracking',
                specs: [
                  {
                    title: 'reads a request',
                    tests: [
                      { projectName: 'phone', status: 'expected', annotations: [] },
                      {
                        projectName: 'desktop',
                        status: 'skipped',
                        annotations: [{ type: 'skip', description: 'no map tiles' }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const report = readPlaywright(file);
    expect(report).toMatchObject({ passed: 4, failed: 0, skipped: 1 });
    expect(report?.skippedTests).toEqual([
      'tracking-page.spec.ts › tracking › reads a request [desktop] (no map tiles)',
    ]);
    const sum = total([report, undefined, { passed: 2, failed: 1, skipped: 0, skippedTests: [] }]);
    expect(sum).toMatchObject({ passed: 6, failed: 1, skipped: 1 });
    expect(skipsRefused(sum, { CI: 'true' })).toMatch(/no map tiles/);
  });
});

describe('the failed-test list', () => {
  it('names a failed vitest test with its message, and a file that failed before its tests ran', {
    timeout: 120_000,
  }, () => {
    const failing = join(dir, 'fails.test.mjs');
    writeFileSync(
      failing,
      [
        "import { expect, it } from 'vitest';",
        "it('passes', () => {});",
        "it('keeps the limit', () => { expect(21, 'answers past the limit').toBe(20); });",
      ].join('\n'),
    );
    const broken = join(dir, 'broken.test.mjs');
    writeFileSync(broken, "import { it } from 'vitest';\nthrow new Error('no database at 127.0.0.1:1');\n");
    const out = join(dir, 'failed.json');
    const run = runVitest(out, [failing, broken]);
    expect(run.status).toBe(1);
    const report = readVitest(out);
    expect(report).toMatchObject({ passed: 1, failed: 1 });
    expect(report?.failedTests).toHaveLength(2);
    expect(report?.failedTests).toContainEqual(
      expect.stringMatching(/fails\.test\.mjs: keeps the limit — .*answers past the limit.*expected 21 to be 20/),
    );
    expect(report?.failedTests).toContainEqual(
      expect.stringMatching(/broken\.test\.mjs: .*no database at 127\.0\.0\.1:1/),
    );
    expect(failuresListed(report)).toMatch(/^failed:\n {2}- [\s\S]*keeps the limit/);
    expect(failuresListed({ ...report, failedTests: [] })).toBeUndefined();
  });

  it("names an unexpected journey of a Playwright report with its last try's error", () => {
    const file = join(dir, 'e2e-failed.json');
    const test = (status, message) => ({
      projectName: 'phone',
      status,
      annotations: [],
      results: message ? [{ error: { message: 'first try' } }, { error: { message } }] : [],
    });
    writeFileSync(
      file,
      JSON.stringify({
        stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
        suites: [
          {
            title: 'admin-manages-poles.spec.ts',
            specs: [
              {
                title: 'edits a pole',
                tests: [
                  test(
                    'unexpected',
                    '\u001b[31mTimeoutError\u001b[39m: locator.fill: Timeout 60000ms exceeded.\nCall log:',
                  ),
                ],
              },
              { title: 'adds a pole', tests: [test('flaky', 'once')] },
              { title: 'lists poles', tests: [test('expected')] },
            ],
          },
        ],
      }),
    );
    const report = readPlaywright(file);
    expect(report?.failedTests).toEqual([
      'admin-manages-poles.spec.ts › edits a pole [phone] — TimeoutError: locator.fill: Timeout 60000ms exceeded. / Call log:',
    ]);
    expect(total([report, undefined]).failedTests).toEqual(report?.failedTests);
  });
});

describe('the stage table', () => {
  it('lists each stage with its lane, start, wall and CPU seconds', () => {
    const table = stageTable([
      { title: 'build', lane: 'main', start: 0, wall: 4.04, cpu: 7.5 },
      { title: 'types', lane: 'A', start: 4.2, wall: 51, cpu: undefined },
    ]).split('\n');
    expect(table[0]).toMatch(/^\| stage +\| lane \| start \(s\) \| wall \(s\) \| CPU \(s\) \|$/);
    expect(table[2]).toMatch(/^\| build +\| main \| +0 \| +4\.0 \| +7\.5 \|$/);
    expect(table[3]).toMatch(/^\| types +\| A +\| +4 \| +51\.0 \| +– \|$/);
  });
});
