// The published photos of a tracked request (decision 0033), loaded after the page: nothing
// shows while there are none, and a failure to load them hides the section (the rest stands).
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/photo-catalogue.ts';
import { usePublicPhotos } from '../api/get-public-photos.ts';

export function PublicPhotos({ requestId }: { requestId: number }) {
  const { t } = useTranslation();
  const photos = usePublicPhotos(requestId);
  const list = photos.data?.photos ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="public-photos-title">
      <h3 id="public-photos-title" className="mb-2 font-heading font-semibold">
        {t('public-photos.photos.publicTitle')}
      </h3>
      <ul className="flex flex-wrap gap-3">
        {list.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={`/api/repair-requests/${requestId}/photos/${photo.id}`}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded focus-visible:outline-3 focus-visible:outline-blue-700"
            >
              <img
                src={`/api/repair-requests/${requestId}/photos/${photo.id}?size=thumb`}
                alt={t('public-photos.photos.publicAlt', { n: index + 1 })}
                className="h-28 w-28 rounded border border-gray-300 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
