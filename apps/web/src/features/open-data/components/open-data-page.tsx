// /open-data: what the open-data files hold, their links and licence (decision 0039).
import { OPEN_DATA_COLUMNS, OPEN_DATA_PATHS } from '@acende/shared/open-data';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/open-data-catalogue.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

const LINK = 'rounded text-blue-800 underline focus-visible:outline-3 focus-visible:outline-blue-700';
const LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="font-heading text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function OpenDataPage() {
  const { t } = useTranslation();
  usePageTitle(t('open-data.openData.title'));
  return (
    <article aria-labelledby="open-data-title" className="grid max-w-3xl gap-6">
      <header className="grid gap-2">
        <h1 id="open-data-title" className="font-heading text-2xl font-bold">
          {t('open-data.openData.title')}
        </h1>
        <p>{t('open-data.openData.intro')}</p>
      </header>
      <Section id="open-data-downloads" title={t('open-data.openData.downloads')}>
        <ul className="grid gap-2">
          {(['csv', 'geojson'] as const).map((format) => (
            <li key={format}>
              <a href={OPEN_DATA_PATHS[format]} download className={`${LINK} font-medium`}>
                {t(`open-data.openData.${format}`)}
              </a>
              <span className="block text-sm text-gray-700">{t(`open-data.openData.${format}Hint`)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="open-data-fields" title={t('open-data.openData.fields')}>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {OPEN_DATA_COLUMNS.map((column) => (
            <div key={column} className="contents">
              <dt className="font-mono text-sm font-semibold break-all">{column}</dt>
              <dd className="mb-2 sm:mb-0">{t(`open-data.openData.columns.${column}`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="open-data-privacy" title={t('open-data.openData.privacyTitle')}>
        <p>{t('open-data.openData.privacy')}</p>
      </Section>
      <Section id="open-data-licence" title={t('open-data.openData.licenceTitle')}>
        <p>{t('open-data.openData.licence')}</p>
        <p>
          <a href={LICENCE_URL} className={LINK} rel="license noreferrer" target="_blank">
            {t('open-data.openData.licenceLink')}
          </a>
        </p>
      </Section>
    </article>
  );
}
