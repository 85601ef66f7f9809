// A citizen follows the footer to /transparencia and reads each company's figures, in
// Portuguese and in English, over 30 and 90 days (issue 25, decision 0037). The requests are
// written straight into a private server's database, and every figure the page should show
// is counted here from those rows, not by the server's code. axe scans each state.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll } from './support/requests.ts';
import { type RunningServer, startServer } from './support/server.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Seeded {
  company: 'CEEE' | 'Certel' | 'RGE';
  problemType: 'LIGHT_OUT' | 'NO_LAMP';
  status: 'open' | 'completed';
  filedDaysAgo: number;
  repairHours?: number;
  targetHours: number;
}
const COMPANY_IDS = { CEEE: 1, Certel: 2, RGE: 3 } as const;

const done = (
  company: Seeded['company'],
  problemType: Seeded['problemType'],
  filedDaysAgo: number,
  repairHours: number,
): Seeded => ({
  company,
  problemType,
  status: 'completed',
  filedDaysAgo,
  repairHours,
  targetHours: 24,
});

// Certel: 20 repairs in the last 30 days (ranked); CEEE and RGE: 3 each (shown unranked,
// though RGE's are the fastest); CEEE's repair of 60 days ago counts over 90 days only.
const SEEDED: Seeded[] = [
  ...Array.from({ length: 20 }, (_, i) => done('Certel', 'LIGHT_OUT', 1 + i, 1 + i)),
  done('CEEE', 'LIGHT_OUT', 10, 2),
  done('CEEE', 'LIGHT_OUT', 12, 30),
  done('CEEE', 'LIGHT_OUT', 5, 7),
  done('CEEE', 'LIGHT_OUT', 60, 100),
  { company: 'CEEE', problemType: 'LIGHT_OUT', status: 'open', filedDaysAgo: 2, targetHours: 24 },
  { company: 'CEEE', problemType: 'NO_LAMP', status: 'open', filedDaysAgo: 40, targetHours: 72 },
  ...[3, 4, 5].map((d) => done('RGE', 'NO_LAMP', d, 1)),
];

function seed(dataDir: string) {
  const db = new Database(join(dataDir, 'acende.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(`insert into repair_requests
      (name, phone, address, problem_type, latitude, longitude, company_id, status, tracking_token_hash,
       created_at, updated_at, closed_at, due_at)
      values (?, ?, ?, ?, '-30.03', '-51.22', ?, ?, ?, ?, ?, ?, ?)`);
    const now = Date.now();
    SEEDED.forEach((s, n) => {
      const created = now - s.filedDaysAgo * DAY;
      const at = (hours: number) => new Date(created + hours * HOUR).toISOString();
      const closed = s.repairHours === undefined ? null : at(s.repairHours);
      insert.run(
        `Cidadã ${n}`,
        `(51) 97777-${1000 + n}`,
        `Rua ${n}, 1`,
        s.problemType,
        COMPANY_IDS[s.company],
        s.status,
        `transparency-e2e-${n}`,
        at(0),
        closed ?? at(0),
        closed,
        at(s.targetHours),
      );
    });
  } finally {
    db.close();
  }
}

/** percentile_cont of an ascending list. */
function percentile(sorted: number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const lo = sorted[Math.floor(position)] as number;
  const hi = sorted[Math.ceil(position)] as number;
  return lo + (hi - lo) * (position - Math.floor(position));
}

/** A company's line as the page should show it: counted from SEEDED, written in the page's language. */
function expectedLine(company: Seeded['company'], days: number, lang: 'pt' | 'en', rank: string): string[] {
  const rows = SEEDED.filter((s) => s.company === company);
  const completed = rows.filter(
    (s) => s.status === 'completed' && s.filedDaysAgo - (s.repairHours as number) / 24 < days,
  );
  const hours = completed.map((s) => s.repairHours as number).sort((a, b) => a - b);
  const met = completed.filter((s) => (s.repairHours as number) <= s.targetHours).length;
  const locale = lang === 'pt' ? 'pt-BR' : 'en-US';
  const h = (value: number) =>
    `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} h`;
  return [
    rank,
    company,
    String(rows.filter((s) => s.filedDaysAgo < days).length),
    String(rows.filter((s) => s.status === 'open').length),
    String(completed.length),
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(met / completed.length),
    h(percentile(hours, 0.5)),
    h(percentile(hours, 0.9)),
  ];
}

const WORDS = {
  pt: {
    footer: 'Transparência: números das empresas',
    title: 'Transparência',
    period: 'Período',
    notRanked: 'Sem classificação',
    csv: 'Baixar estes números (CSV)',
    first: '1º',
  },
  en: {
    footer: "Transparency: the companies' figures",
    title: 'Transparency',
    period: 'Period',
    notRanked: 'Not ranked',
    csv: 'Download these figures (CSV)',
    first: '1º',
  },
};

// Two languages, three periods and four axe scans on a private server: longer than one journey.
test.setTimeout(150_000);

let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
  seed(server.dataDir);
});
test.afterEach(async () => {
  await server?.stop();
});

test('the transparency page shows each company’s figures, ranked only with 20 repairs, in both languages', async ({
  page,
  axe,
}) => {
  const companies = page.getByTestId('transparency-companies').getByRole('row');
  /** Each company line's cells (rank, name, figures) as the page shows them, header row left out. */
  const lines = async () => {
    const rows = (await companies.all()).slice(1);
    return Promise.all(rows.map(async (row) => (await row.locator('th, td').allInnerTexts()).map((t) => t.trim())));
  };

  await page.goto(`${server.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: WORDS.pt.footer }).click();
  await expect(page).toHaveURL(/\/transparencia$/);
  await expect(page.getByRole('heading', { level: 1, name: WORDS.pt.title })).toBeVisible();
  await expect(page).toHaveTitle(`${WORDS.pt.title} · Acende`);

  const expectLeague = async (days: number, lang: 'pt' | 'en') => {
    const w = WORDS[lang];
    await expect(companies).toHaveCount(4);
    await expect
      .poll(lines)
      .toEqual([
        expectedLine('Certel', days, lang, w.first),
        expectedLine('CEEE', days, lang, w.notRanked),
        expectedLine('RGE', days, lang, w.notRanked),
      ]);
  };
  await expectLeague(30, 'pt');
  // The per-type table: CEEE's lamps out and its missing lamp (open for 40 days: backlog only).
  const byType = page.getByTestId('transparency-rows');
  const missingLamp = byType.getByRole('row').filter({ hasText: 'CEEE' }).filter({ hasText: 'Sem lâmpada' });
  await expect
    .poll(async () => (await missingLamp.locator('th, td').allInnerTexts()).map((t) => t.trim()))
    .toEqual(['CEEE', 'Sem lâmpada', '0', '1', '0', '—', '—', '—']);
  await axe('transparency pt, 30 days');

  // Ninety days: CEEE's repair of 60 days ago and its request of 40 days ago count.
  await page.getByRole('navigation', { name: WORDS.pt.period }).getByRole('link', { name: 'Últimos 90 dias' }).click();
  await expect(page).toHaveURL(/\/transparencia\?window=90$/);
  await expectLeague(90, 'pt');

  const csv = await page.request.get(
    `${server.url}${await page.getByRole('link', { name: WORDS.pt.csv }).getAttribute('href')}`,
  );
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain('empresa;tipo de problema');
  // Certel over 90 days: 20 received and completed, all within target, median 10.5 h.
  expect(text).toContain('90;Certel;;1;20;0;20;20;1,0000;37800;');
  expect(text).not.toMatch(/Cidadã|97777|Rua /);

  await page.getByRole('button', { name: 'EN, Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: WORDS.en.title })).toBeVisible();
  await expectLeague(90, 'en');
  await axe('transparency en, 90 days');
  await page.getByRole('navigation', { name: WORDS.en.period }).getByRole('link', { name: 'Last 30 days' }).click();
  await expectLeague(30, 'en');
  await expect(page.getByRole('link', { name: WORDS.en.csv })).toHaveAttribute(
    'href',
    '/api/transparency.csv?window=30&lang=en',
  );
  await axe('transparency en, 30 days');

  // On a phone the league folds into one card per company, each figure named, nothing wider
  // than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const certel = companies.filter({ has: page.getByRole('rowheader', { name: 'Certel' }) });
  await expect(certel.getByRole('cell').first()).toContainText(WORDS.en.first);
  await expect(certel).toContainText('Median time');
  await expectNoSidewaysScroll(page, 'transparency at 360 px');
  await axe('transparency en, 30 days, 360 px');
});
