// Step 3 with a chosen pole: the pole belongs to its company, so choosing another company (a
// click, or ↓ in the radio group) would drop it. The citizen is asked first, in the kit's
// dialog (loaded only when a pole is there): confirm changes the company, removes the pole and
// says so; cancel keeps both. Either way the focus goes back to the radio that is checked.
import type { PoleLookup } from '@acende/shared/schemas/poles';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../lib/wizard-catalogue.ts';
import { companyRadioId } from './company-step.tsx';

const loadDialog = () => import('../../../components/ui/alert-dialog.tsx');
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

interface Asked {
  id: string;
  name: string;
  pole: PoleLookup;
}

/**
 * `choose` in place of the company's own setter; `dialog` and `note` (what was removed, in a
 * status region) to show on the step.
 */
export function useCompanyChange(
  pole: PoleLookup | null,
  change: (id: string, name: string) => void,
  dropPole: () => void,
) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Asked | null>(null);
  // The question and its words stay while the dialog closes, once the pole has gone.
  const [shown, setShown] = useState<Asked | null>(null);
  const [note, setNote] = useState('');
  // A pole can only be chosen on step 2: with none now, no dialog is needed on this step.
  const [withPole] = useState(pole !== null);
  useEffect(() => {
    if (withPole) loadDialog().catch(() => {});
  }, [withPole]);
  // The radio that takes the focus once the dialog closes: the new company's, or the pole's.
  const focusAfter = useRef('');

  const choose = (id: string, name: string) => {
    if (pole && String(pole.companyId) !== id) {
      focusAfter.current = companyRadioId(String(pole.companyId));
      const question = { id, name, pole };
      setAsked(question);
      setShown(question);
    } else change(id, name);
  };

  const confirm = () => {
    if (!asked) return;
    focusAfter.current = companyRadioId(asked.id);
    dropPole();
    change(asked.id, asked.name);
    setNote(t('public-wizard.changeCompany.done', { company: asked.name, number: asked.pole.number }));
    setAsked(null);
  };

  const dialog =
    withPole && shown ? (
      <Suspense fallback={null}>
        <ConfirmDialog
          open={asked !== null}
          variant="primary"
          title={t('public-wizard.changeCompany.title')}
          description={t('public-wizard.changeCompany.body', {
            number: shown.pole.number,
            company: shown.pole.companyName,
          })}
          confirmLabel={t('public-wizard.changeCompany.confirm')}
          cancelLabel={t('public-wizard.changeCompany.cancel', { number: shown.pole.number })}
          onConfirm={confirm}
          // Radix closes after the confirm button's own answer too: then nothing is left to cancel.
          onCancel={() => setAsked(null)}
          returnFocus={() => document.getElementById(focusAfter.current)}
        />
      </Suspense>
    ) : null;

  return { choose, dialog, note };
}
