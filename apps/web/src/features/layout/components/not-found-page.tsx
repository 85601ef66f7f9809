import { Link } from '../../../components/ui/link.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('common.notFound.title'));
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="mb-3 font-heading text-3xl font-bold">{t('common.notFound.title')}</h1>
      <p className="mb-6 text-gray-700">{t('common.notFound.description')}</p>
      <Link to="/" className="text-blue-800 underline">
        {t('common.notFound.home')}
      </Link>
    </section>
  );
}
