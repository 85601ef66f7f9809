// The citizen's photos on the request detail (decision 0033): thumbnails that open full size
// in a dialog, and for operators the switch that shows one on the public tracking page.

import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/page-shell.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { photoUrl, useRequestPhotos, useSetPhotoPublic } from '../api/request-photos.ts';

export function RequestPhotos({ requestId, canPublish }: { requestId: number; canPublish: boolean }) {
  const { t } = useTranslation();
  const photos = useRequestPhotos(requestId);
  const publish = useSetPhotoPublic(requestId);

  return (
    <section aria-labelledby="photos-title" className="rounded-theme border border-gray-200 p-4">
      <h2 id="photos-title" className="mb-2 font-heading text-xl font-semibold">
        {t('admin-operations.operations.photos.title')}
      </h2>
      <QueryState
        query={photos}
        errorMessage={t('admin-operations.operations.photos.loadError')}
        retryLabel={t('admin-operations.operations.common.retry')}
        loadingLabel={t('admin-operations.operations.common.loading')}
      >
        {(data) =>
          data.photos.length === 0 ? (
            <p className="text-gray-700">{t('admin-operations.operations.photos.none')}</p>
          ) : (
            <>
              <Button
                variant="secondary"
                size="sm"
                className="mb-3"
                onClick={() =>
                  void downloadFile(
                    `/api/admin/repair-requests/${requestId}/photos.pdf`,
                    `fotos-${requestId}.pdf`,
                  ).catch((error: unknown) =>
                    toast({ title: errorMessage(error, String(error)), variant: 'destructive' }),
                  )
                }
              >
                {t('admin-operations.operations.photos.pdf')}
              </Button>
              {canPublish ? (
                <p className="mb-2 text-sm text-gray-700">{t('admin-operations.operations.photos.publicHint')}</p>
              ) : null}
              <ul className="flex flex-wrap gap-4">
                {data.photos.map((photo) => (
                  <li key={photo.id} className="grid justify-items-start gap-1">
                    <Dialog
                      title={t('admin-operations.operations.photos.dialogTitle', { n: photo.position })}
                      closeLabel={t('admin-operations.operations.photos.close')}
                      trigger={
                        <button
                          type="button"
                          aria-label={t('admin-operations.operations.photos.open', { n: photo.position })}
                          className="rounded focus-visible:outline-3 focus-visible:outline-blue-700"
                        >
                          <img
                            src={photoUrl(requestId, photo.id, 'thumb')}
                            alt=""
                            className="h-28 w-28 rounded border border-gray-300 object-cover"
                          />
                        </button>
                      }
                    >
                      <img
                        src={photoUrl(requestId, photo.id, 'full')}
                        alt={t('admin-operations.operations.photos.alt', { n: photo.position })}
                        width={photo.width}
                        height={photo.height}
                        className="h-auto max-h-[80vh] w-auto max-w-full justify-self-center"
                      />
                    </Dialog>
                    <span className="text-sm" data-testid={`photo-${photo.position}-visibility`}>
                      {photo.isPublic
                        ? t('admin-operations.operations.photos.public')
                        : t('admin-operations.operations.photos.private')}
                    </span>
                    {canPublish ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={publish.isPending}
                        onClick={() =>
                          publish.mutate(
                            { photoId: photo.id, isPublic: !photo.isPublic },
                            {
                              onSuccess: () =>
                                toast({ title: t('admin-operations.operations.photos.saved'), variant: 'success' }),
                              onError: (error) =>
                                toast({ title: errorMessage(error, error.message), variant: 'destructive' }),
                            },
                          )
                        }
                      >
                        {photo.isPublic
                          ? t('admin-operations.operations.photos.makePrivate')
                          : t('admin-operations.operations.photos.makePublic')}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
