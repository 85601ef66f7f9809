// An existing pole's state on its form: the badge and words, and (for those who may change
// it) deactivate or reactivate, after a confirmation.
import type { AdminPole } from '@acende/shared/schemas/poles';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { togglePoleActive, type useSavePole } from '../api/save-pole.ts';
import { PoleStatusBadge } from './pole-status-badge.tsx';

export function PoleActiveControl({
  pole,
  readOnly,
  save,
}: {
  pole: AdminPole;
  readOnly: boolean;
  /** The form's own mutation: its pending state holds the button while either is sent. */
  save: ReturnType<typeof useSavePole>;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  const setActive = () => {
    setConfirming(false);
    togglePoleActive(save, pole, t);
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PoleStatusBadge active={pole.active} />
        <p className="text-sm text-gray-800">
          {pole.active
            ? t('admin-poles.poles.registry.form.statusActive')
            : t('admin-poles.poles.registry.form.statusInactive')}
        </p>
        {readOnly ? null : (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} disabled={save.isPending}>
            {pole.active ? t('admin-poles.poles.registry.deactivate') : t('admin-poles.poles.registry.reactivate')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t(
          pole.active
            ? 'admin-poles.poles.registry.confirmDeactivate.title'
            : 'admin-poles.poles.registry.confirmReactivate.title',
          {
            number: pole.number,
          },
        )}
        description={
          pole.active
            ? t('admin-poles.poles.registry.confirmDeactivate.description')
            : t('admin-poles.poles.registry.confirmReactivate.description')
        }
        confirmLabel={
          pole.active
            ? t('admin-poles.poles.registry.confirmDeactivate.confirm')
            : t('admin-poles.poles.registry.confirmReactivate.confirm')
        }
        cancelLabel={t('admin-poles.poles.registry.cancel')}
        variant={pole.active ? 'danger' : 'primary'}
        onConfirm={setActive}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
