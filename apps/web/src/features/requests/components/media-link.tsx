// An Open311 client's media link on the request's page (decision 0064): a plain link to the
// client's site, opened apart and not followed by search engines; Acende never fetches or
// embeds it. Only an http(s) address becomes a link.
import { useTranslation } from '../../../lib/use-translation.ts';

/** The site a media link points at, or null when it is no http(s) address. */
export function mediaHost(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

export function MediaLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const host = mediaHost(url);
  if (!host) return <span className="break-all">{url}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-blue-800 underline">
      {t('admin-operations.operations.detail.mediaLink', { host })}
    </a>
  );
}
