// The footer of every public page: who runs the service, how to reach them (as the admin
// set it in the theme settings), the privacy notice, accessibility statement, the
// transparency page and open data.
import { NOTICE_PATH, TRANSPARENCY_PATH } from '@acende/shared/public-pages';
import { Link } from '../../../components/ui/link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useOperator } from '../api/get-operator.ts';

const LINK = 'rounded text-blue-800 underline focus-visible:outline-3 focus-visible:outline-blue-700';

export function PublicFooter() {
  const { t } = useTranslation();
  const operator = useOperator().data;
  const phoneHref = operator?.phone ? `tel:${operator.phone.replace(/[^\d+]/g, '')}` : undefined;
  return (
    <footer className="border-t border-gray-200 bg-footer" data-testid="public-footer">
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-6 text-sm sm:grid-cols-2">
        <div className="grid content-start gap-1">
          <p className="font-semibold">
            {operator?.name ? t('public.footer.operatedBy', { name: operator.name }) : t('common.app.title')}
          </p>
          {operator?.email || operator?.phone || operator?.address ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-2 gap-y-1">
              {operator.email ? (
                <>
                  <dt className="text-gray-700">{t('public.footer.email')}</dt>
                  <dd className="min-w-0 break-words">
                    <a href={`mailto:${operator.email}`} className={LINK}>
                      {operator.email}
                    </a>
                  </dd>
                </>
              ) : null}
              {operator.phone ? (
                <>
                  <dt className="text-gray-700">{t('public.footer.phone')}</dt>
                  <dd>
                    <a href={phoneHref} className={LINK}>
                      {operator.phone}
                    </a>
                  </dd>
                </>
              ) : null}
              {operator.address ? (
                <>
                  <dt className="text-gray-700">{t('public.footer.address')}</dt>
                  <dd className="min-w-0 break-words">{operator.address}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </div>
        <nav aria-label={t('public.footer.links')} className="sm:justify-self-end">
          <ul className="grid gap-2">
            <li>
              <Link to={NOTICE_PATH.privacy} className={LINK}>
                {t('public.footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={NOTICE_PATH.accessibility} className={LINK}>
                {t('public.footer.accessibility')}
              </Link>
            </li>
            <li>
              <Link to={TRANSPARENCY_PATH} className={LINK}>
                {t('public.footer.transparency')}
              </Link>
            </li>
            <li>
              <Link to="/open-data" className={LINK}>
                {t('public.footer.openData')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
