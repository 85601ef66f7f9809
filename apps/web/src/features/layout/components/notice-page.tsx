// The privacy notice (/privacy) and the accessibility statement (/accessibility), lazily
// loaded: the admin's plain text (or the default) split into paragraphs, each drawn as
// text, so nothing typed there can become markup.
import { type PublicPage, paragraphs } from '@acende/shared/public-pages';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePublicPage } from '../api/get-public-page.ts';

const TITLES = { privacy: 'public.notice.privacyTitle', accessibility: 'public.notice.accessibilityTitle' } as const;

/** A paragraph of one short line with no final full stop reads as a section heading. */
const isHeading = (paragraph: string) =>
  !paragraph.includes('\n') && paragraph.length <= 80 && !/[.:;!?]$/.test(paragraph);

export function NoticePage({ page }: { page: PublicPage }) {
  const { t } = useTranslation();
  const query = usePublicPage(page);
  return (
    <QueryPage
      title={t(TITLES[page])}
      className="mx-auto grid max-w-3xl gap-4"
      query={query}
      errorMessage={t('public.notice.error')}
      retryLabel={t('public.notice.retry')}
      loadingLabel={t('public.notice.loading')}
    >
      {(data) => (
        <div className="grid gap-3 leading-relaxed" data-testid="notice-text">
          {paragraphs(data.text).map((paragraph, index) =>
            isHeading(paragraph) ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, in order
              <h2 key={index} className="mt-2 font-heading text-xl font-semibold">
                {paragraph}
              </h2>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, in order
              <p key={index} className="whitespace-pre-line">
                {paragraph}
              </p>
            ),
          )}
        </div>
      )}
    </QueryPage>
  );
}

export function PrivacyPage() {
  return <NoticePage page="privacy" />;
}

export function AccessibilityPage() {
  return <NoticePage page="accessibility" />;
}
