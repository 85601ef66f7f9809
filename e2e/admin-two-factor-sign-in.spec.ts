// Issue 24: an admin turns on two-factor sign-in from the account security screen (the
// test computes the codes from the key shown on screen, as an authenticator app would),
// signs out, cannot get in with the password alone, gets in with a code, and once with a
// recovery code, which then no longer works. In pt, then en. Each journey has an account of
// its own: the shared `admin` must keep signing in with its password for the other journeys.
import { Secret, TOTP } from 'otpauth';
import { createAccountViaApi, navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/**
 * A code of a later step than the one used at `usedAt` (a used step's code is refused as a
 * replay), without waiting for that step: the next step's code, which the server accepts one
 * step early (its window of one step each way, two-factor.service.ts), or the current step's
 * once the clock has passed the next one. Both machines' clocks are this machine's.
 */
function laterCode(secret: string, usedAt: number): string {
  const nextStep = (Math.floor(usedAt / STEP_MS) + 1) * STEP_MS;
  return codeAt(secret, Math.max(nextStep, Date.now()));
}

const TEXTS = {
  pt: {
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    dashboard: 'Painel',
    securityNav: 'Segurança da conta',
    start: 'Ativar verificação em duas etapas',
    qrAlt: 'Código QR para o aplicativo autenticador',
    key: 'Chave para digitar',
    confirmCode: 'Código do aplicativo',
    confirmPassword: 'Sua senha atual',
    confirm: 'Confirmar e ativar',
    recoveryTitle: 'Códigos de recuperação',
    recoveryDone: 'Já guardei os códigos',
    statusOn: /Ativada\. Códigos de recuperação restantes: 10\./,
    signOut: 'Sair',
    stepTitle: 'Verificação em duas etapas',
    code: 'Código de verificação',
    verify: 'Verificar',
    useRecovery: 'Usar um código de recuperação',
    recoveryCode: 'Código de recuperação',
    invalid: 'Código inválido. Tente novamente.',
    startOver: 'Voltar ao login',
    loginTitle: 'Acesso administrativo',
    audit: { nav: 'Auditoria', account: 'Conta', kind: 'Tipo', apply: 'Filtrar' },
  },
  en: {
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    dashboard: 'Dashboard',
    securityNav: 'Account security',
    start: 'Turn on two-factor sign-in',
    qrAlt: 'QR code for the authenticator app',
    key: 'Key to type',
    confirmCode: 'Code from the app',
    confirmPassword: 'Your current password',
    confirm: 'Confirm and turn on',
    recoveryTitle: 'Recovery codes',
    recoveryDone: 'I have saved the codes',
    statusOn: /On\. Recovery codes left: 10\./,
    signOut: 'Sign out',
    stepTitle: 'Two-factor sign-in',
    code: 'Verification code',
    verify: 'Verify',
    useRecovery: 'Use a recovery code',
    recoveryCode: 'Recovery code',
    invalid: 'Invalid code. Try again.',
    startOver: 'Back to sign-in',
    loginTitle: 'Administrator sign-in',
    audit: { nav: 'Audit log', account: 'Account', kind: 'Kind', apply: 'Filter' },
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  test(`an admin turns on two-factor sign-in and signs in with a code and a recovery code (${lang})`, async ({
    page,
    context,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXTS[lang];
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    const username = uniqueUsername(testInfo, `totp-${lang}`);
    const password = 'senha-do-totp-1';
    await createAccountViaApi(baseURL as string, { username, password, name: 'Teresa Totp', role: 'admin' });

    await page.goto('/admin/login');
    await signInThroughForm(page, username, password, text.signIn);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.dashboard);

    // Turn it on: QR code and key, confirmed with a code computed from the key.
    await navigateTo(page, text.securityNav);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.securityNav);
    await page.getByRole('button', { name: text.start }).click();
    await expect(page.getByRole('img', { name: text.qrAlt })).toBeVisible();
    const secret = await page.getByLabel(text.key).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await axe(`enrolment ${lang}`);
    const enrolledAt = Date.now();
    await page.getByLabel(text.confirmCode).fill(codeAt(secret, enrolledAt));
    await page.getByLabel(text.confirmPassword).fill(password);
    await page.getByRole('button', { name: text.confirm }).click();
    const codes = page.getByRole('heading', { name: text.recoveryTitle });
    await expect(codes).toBeVisible();
    const recoveryCodes = await page
      .getByRole('list', { name: text.recoveryTitle })
      .getByRole('listitem')
      .allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await axe(`recovery codes ${lang}`);
    await page.getByRole('button', { name: text.recoveryDone }).click();
    await expect(page.getByText(text.statusOn)).toBeVisible();

    // Signed out, the password alone does not open the admin area.
    await page.getByRole('button', { name: text.signOut }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInThroughForm(page, username, password, text.signIn);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.stepTitle);
    const codeField = page.getByLabel(text.code);
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await axe(`code step ${lang}`);
    await codeField.fill(codeAt(secret, Date.now()) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: text.verify }).click();
    await expect(page.getByText(text.invalid, { exact: true }).first()).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.loginTitle);

    // With a code of a later step than the one enrolment used, it does.
    await signInThroughForm(page, username, password, text.signIn);
    await page.getByLabel(text.code).fill(laterCode(secret, enrolledAt));
    await page.getByRole('button', { name: text.verify }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.dashboard);

    // Once with a recovery code instead, which then no longer works.
    const recovery = recoveryCodes[0] as string;
    for (const attempt of ['first', 'again'] as const) {
      await page.getByRole('button', { name: text.signOut }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await signInThroughForm(page, username, password, text.signIn);
      await page.getByRole('button', { name: text.useRecovery }).click();
      await page.getByLabel(text.recoveryCode).fill(recovery);
      await page.getByRole('button', { name: text.verify }).click();
      if (attempt === 'first') {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.dashboard);
      } else {
        await expect(page.getByText(text.invalid, { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.stepTitle);
      }
    }
    await page.getByRole('button', { name: text.startOver }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.loginTitle);

    // The audit log shows it all, newest first, for this account and every kind under `auth.`
    // (signed in with a second recovery code).
    await signInThroughForm(page, username, password, text.signIn);
    await page.getByRole('button', { name: text.useRecovery }).click();
    await page.getByLabel(text.recoveryCode).fill(recoveryCodes[1] as string);
    await page.getByRole('button', { name: text.verify }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.dashboard);
    await navigateTo(page, text.audit.nav);
    await page.getByLabel(text.audit.account, { exact: true }).selectOption({ label: `${username} (Teresa Totp)` });
    await page.getByLabel(text.audit.kind, { exact: true }).fill('auth.');
    await page.getByRole('button', { name: text.audit.apply, exact: true }).click();
    await expect(page).toHaveURL(/kind=auth\./);
    // A card names its cells (the label is in the cell's text): the kind ends it.
    await expect(page.getByTestId('audit-row').locator('td:nth-child(4)')).toHaveText(
      [
        'auth.login',
        'auth.totp.failed',
        'auth.logout',
        'auth.login',
        'auth.logout',
        'auth.login',
        'auth.totp.failed',
        'auth.logout',
        'auth.totp.enable',
        'auth.totp.setup',
        'auth.login',
      ].map((kind) => new RegExp(`${kind.replaceAll('.', '\\.')}$`)),
    );
    await axe(`audit log of the second factor ${lang}`);
  });
}
