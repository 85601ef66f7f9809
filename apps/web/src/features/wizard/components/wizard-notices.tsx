// The wizard's notices about the device's draft and the connection (issue 22, decision 0035):
// their code and texts come in the later steps' chunk, so the first load of `/` carries neither.

import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../lib/drafts-catalogue.ts';
import { useOnline } from '../lib/online.ts';

export default function WizardNotices({ restored, onStartOver }: { restored: boolean; onStartOver: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <>
      {online ? null : (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('public-drafts.wizard.offline')}
        </p>
      )}
      {restored ? (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-blue-300 bg-blue-50 p-3 text-blue-950"
        >
          <p>{t('public-drafts.wizard.draftRestored')}</p>
          <Button variant="secondary" onClick={onStartOver}>
            {t('public-drafts.wizard.startOver')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
