import { PUBLIC_PAGE_TEXT_MAX } from '@acende/shared/schemas/public-pages';
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

const settings = {
  operator: {
    name: 'Prefeitura de Exemplo',
    email: 'Ouvidoria@Exemplo.gov.br',
    phone: '(51) 3333-0000',
    address: 'Praça Central, 1',
  },
  privacy: { pt: 'Primeiro parágrafo.\r\n\r\nSegundo parágrafo.', en: '' },
  accessibility: { pt: null, en: 'We aim for WCAG 2.2 AA.' },
};

describeEachEngine('operator and public notices', (ctx) => {
  const admin = async () => (await signedIn(ctx(), { role: 'admin' })).headers;
  const save = async (body: object, headers: Record<string, string>) =>
    ctx().app.inject({ method: 'POST', url: '/api/admin/public-pages', payload: body, headers });
  const page = (name: string, language = 'pt') =>
    ctx().app.inject({ method: 'GET', url: `/api/public-pages/${name}`, headers: { 'accept-language': language } });

  it('serves default notices in each language, naming no operator until one is saved', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/operator' })).json()).toEqual({
      name: null,
      email: null,
      phone: null,
      address: null,
    });
    const privacyPt = (await page('privacy')).json();
    expect(privacyPt).toMatchObject({ page: 'privacy', language: 'pt', isDefault: true });
    expect(privacyPt.text).toContain('O órgão responsável por este serviço é o controlador');
    expect(privacyPt.text).toContain('LGPD');
    expect(privacyPt.text).toContain('Por quanto tempo');
    const privacyEn = (await page('privacy', 'en-GB,en;q=0.9')).json();
    expect(privacyEn).toMatchObject({ language: 'en', isDefault: true });
    expect(privacyEn.text).toContain('Your rights and how to use them');
    const accessibility = (await page('accessibility', 'en')).json();
    expect(accessibility.text).toContain('WCAG) 2.2 at level AA');
    expect(accessibility.text).toContain('How to report a barrier');
  });

  it('keeps what an admin saved per language, fills the defaults with the operator, and shows the footer contact', async () => {
    const headers = await admin();
    const res = await save(settings, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      operator: { ...settings.operator, email: 'ouvidoria@exemplo.gov.br' },
      privacy: { pt: 'Primeiro parágrafo.\n\nSegundo parágrafo.', en: null },
      accessibility: { pt: null, en: 'We aim for WCAG 2.2 AA.' },
    });
    expect(res.json().defaults.privacy.en).toContain('Prefeitura de Exemplo is the controller');

    expect((await ctx().app.inject({ method: 'GET', url: '/api/operator' })).json()).toEqual({
      ...settings.operator,
      email: 'ouvidoria@exemplo.gov.br',
    });
    expect((await page('privacy')).json()).toMatchObject({
      text: 'Primeiro parágrafo.\n\nSegundo parágrafo.',
      isDefault: false,
    });
    const privacyEn = (await page('privacy', 'en')).json();
    expect(privacyEn.isDefault).toBe(true);
    expect(privacyEn.text).toContain(
      'Contact: e-mail ouvidoria@exemplo.gov.br; phone (51) 3333-0000; address Praça Central, 1.',
    );
    expect((await page('accessibility', 'en')).json().text).toBe('We aim for WCAG 2.2 AA.');
    expect((await page('accessibility')).json().text).toContain('Prefeitura de Exemplo quer que todas as pessoas');

    const read = await ctx().app.inject({ method: 'GET', url: '/api/admin/public-pages', headers });
    expect(read.json()).toEqual(res.json());
  });

  it('keeps markup as the text it is: stored and served as written, never turned into HTML', async () => {
    const headers = await admin();
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const res = await save({ ...settings, privacy: { pt: markup, en: markup } }, headers);
    expect(res.statusCode).toBe(200);
    const served = await page('privacy');
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.json().text).toBe(markup);
  });

  it('answers 404 for another page and is for admins only', async () => {
    expect((await page('terms')).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/public-pages' })).statusCode).toBe(401);
    const user = await signedIn(ctx(), { role: 'user' });
    expect((await save(settings, user.headers)).statusCode).toBe(403);
  });

  const refused: [object, string, string, string][] = [
    [
      { operator: { ...settings.operator, name: 'x'.repeat(121) } },
      'operator.name',
      'Texto longo demais (máximo de 120 caracteres)',
      'Text too long (at most 120 characters)',
    ],
    [
      { operator: { ...settings.operator, name: 'Prefeitura\nBcc: x' } },
      'operator.name',
      'O texto não pode conter caracteres de controle',
      'The text cannot contain control characters',
    ],
    [
      { operator: { ...settings.operator, email: 'not-an-address' } },
      'operator.email',
      'O formato do e-mail é inválido',
      'The e-mail format is invalid',
    ],
    [
      { privacy: { pt: 'a'.repeat(PUBLIC_PAGE_TEXT_MAX + 1), en: '' } },
      'privacy.pt',
      'Texto longo demais (máximo de 20000 caracteres)',
      'Text too long (at most 20000 characters)',
    ],
    [
      { accessibility: { pt: 'ok', en: 'bell\u0007' } },
      'accessibility.en',
      'O texto não pode conter caracteres de controle',
      'The text cannot contain control characters',
    ],
    [{ privacy: { pt: 42, en: '' } }, 'privacy.pt', 'Tipo de valor inválido', 'Invalid value type'],
  ];
  it.each(refused.map(([change, field, pt, en]) => [field, change, pt, en] as const))(
    'refuses a bad %s with a 400 in both languages',
    async (field, change, pt, en) => {
      const headers = await admin();
      const res = await save({ ...settings, ...change }, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(pt);
      const resEn = await save({ ...settings, ...change }, { ...headers, 'accept-language': 'en' });
      expect(resEn.statusCode).toBe(400);
      expect(resEn.json().errors[field]).toBe(en);
    },
  );
});
