// "I know the pole number": the whole way to choose a pole without the map (FixMyStreet
// #6139: a map is unusable with a screen reader). The company and the number on the pole's
// plate are looked up; a refusal is said in the field and takes the focus.
import { isPoleNumber, normalisePoleNumber, type PoleLookup } from '@acende/shared/schemas/poles';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { messageKey } from '../../../lib/i18n-types.ts';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { lookUpPole } from '../api/look-up-pole.ts';
import '../lib/pole-catalogue.ts';

export function PoleNumberSearch({ onFound }: { onFound: (pole: PoleLookup) => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const companies = usePublicEnergyCompanies();
  const list = companies.data ?? [];
  const [open, setOpen] = useState(false);
  const [company, setCompany] = useState('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<{ company?: string; number?: string }>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const companyRef = useRef<HTMLSelectElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  // One company: it is the pole's.
  const chosen = company || (list.length === 1 ? String(list[0]?.id) : '');

  // A refusal takes the focus to its field, and is said in the status too: focus that is
  // already on the field (Enter pressed in it) would not make a screen reader read it again.
  const said = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(said.current), []);
  const refuse = (found: { company?: string; number?: string }) => {
    setErrors(found);
    (found.company ? companyRef : numberRef).current?.focus();
    const first = found.company ?? found.number ?? '';
    const words = /^validation\./.test(first) ? t(messageKey(first)) : first;
    // Emptied first, so the same refusal twice is said twice.
    setStatus('');
    clearTimeout(said.current);
    said.current = setTimeout(() => setStatus(words), 100);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const normalised = normalisePoleNumber(number);
    const found = {
      company: chosen ? undefined : t('pole.byNumber.companyRequired'),
      number: !normalised
        ? 'validation.pole.numberRequired'
        : isPoleNumber(normalised)
          ? undefined
          : 'validation.pole.numberInvalid',
    };
    if (found.company || found.number) return refuse(found);
    setBusy(true);
    setErrors({});
    clearTimeout(said.current);
    setStatus(t('pole.byNumber.finding'));
    try {
      const pole = await lookUpPole(chosen, normalised);
      setStatus(t('pole.byNumber.found', { number: pole.number, company: pole.companyName }));
      setOpen(false);
      setNumber('');
      onFound(pole);
    } catch (error) {
      refuse({
        number:
          error instanceof ApiError && error.status < 500 && error.serverMessage
            ? error.serverMessage
            : t('pole.byNumber.failed'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-3">
      <Button
        variant="secondary"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('pole.byNumber.toggle')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <form
            noValidate
            onSubmit={submit}
            aria-labelledby={`${panelId}-title`}
            className="grid gap-3 rounded-theme border border-gray-300 p-3"
          >
            <h3 id={`${panelId}-title`} className="font-heading font-semibold">
              {t('pole.byNumber.title')}
            </h3>
            <p className="text-sm text-gray-700">{t('pole.byNumber.intro')}</p>
            <SelectField
              ref={companyRef}
              id="pole-company"
              label={t('pole.byNumber.company')}
              required
              value={chosen}
              error={errors.company}
              onChange={(event) => setCompany(event.target.value)}
              empty={t('pole.byNumber.companyPlaceholder')}
              choices={list.map((item) => ({ value: String(item.id), label: `${item.name} – ${item.fullName}` }))}
            />
            <TextField
              ref={numberRef}
              id="pole-number"
              kind="verbatim"
              label={t('pole.number')}
              hint={t('pole.byNumber.numberHint')}
              required
              maxLength={64}
              value={number}
              error={errors.number}
              onChange={(event) => setNumber(event.target.value)}
            />
            <Button type="submit" className="justify-self-start" disabled={busy}>
              {busy ? t('pole.byNumber.finding') : t('pole.byNumber.find')}
            </Button>
          </form>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
