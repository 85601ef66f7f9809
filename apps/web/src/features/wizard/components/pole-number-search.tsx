// "I know the pole number": the whole way to choose a pole without the map (FixMyStreet
// #6139: a map is unusable with a screen reader). The company and the number on the pole's
// plate are looked up; a refusal is said in the field and takes the focus. The number is
// checked with the shared poleNumberSchema before anything is asked.
import { normalisePoleNumber, type PoleLookup, poleNumberSchema } from '@acende/shared/schemas/poles';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { messageKey } from '../../../lib/i18n-types.ts';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { lookUpPole } from '../api/look-up-pole.ts';
import '../lib/pole-catalogue.ts';

interface PoleSearch {
  company: string;
  number: string;
}

const checkNumber = payloadResolver<PoleSearch>(z.object({ number: poleNumberSchema }), ({ number }) => ({ number }));
/** The number's check, and a company not chosen said with the screen's own key. */
const resolver: Resolver<PoleSearch> = async (values, context, options) => {
  const result = await checkNumber(values, context, options);
  if (values.company !== '') return result;
  const company = { type: 'required', message: 'public-poles.pole.byNumber.companyRequired' };
  return { values: {}, errors: { company, ...result.errors } };
};

export function PoleNumberSearch({ onFound }: { onFound: (pole: PoleLookup) => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const companies = usePublicEnergyCompanies();
  const list = companies.data ?? [];
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  // Checked when sent, as before: errors stay until the next try; the focus is handled below.
  const form = useForm<PoleSearch>({
    resolver,
    defaultValues: { company: '', number: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, 'pole');
  /** An error in words: a catalogue key (the client's) read in the screen's language, the server's as they are. */
  const words = (error: string | undefined) =>
    error && /^[\w-]+\.(validation|pole)\./.test(error) ? t(messageKey(error)) : error;

  // One company: it is the pole's.
  const company = form.watch('company');
  const only = list.length === 1 ? String(list[0]?.id) : '';
  useEffect(() => {
    if (company === '' && only !== '') form.setValue('company', only);
  }, [company, only, form]);

  // A refusal takes the focus to its field, and is said in the status too: focus that is
  // already on the field (Enter pressed in it) would not make a screen reader read it again.
  const said = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(said.current), []);
  const refuse = (errors: FieldErrors<PoleSearch>) => {
    form.setFocus(errors.company ? 'company' : 'number');
    const first = words(errors.company?.message ?? errors.number?.message) ?? '';
    // Emptied first, so the same refusal twice is said twice.
    setStatus('');
    clearTimeout(said.current);
    said.current = setTimeout(() => setStatus(first), 100);
  };

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    clearTimeout(said.current);
    setStatus(t('public-poles.pole.byNumber.finding'));
    try {
      const pole = await lookUpPole(values.company, normalisePoleNumber(values.number));
      setStatus(t('public-poles.pole.byNumber.found', { number: pole.number, company: pole.companyName }));
      setOpen(false);
      form.setValue('number', '');
      onFound(pole);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 && error.serverMessage
          ? error.serverMessage
          : t('public-poles.pole.byNumber.failed');
      form.setError('number', { message });
      refuse({ number: { type: 'server', message } });
    } finally {
      setBusy(false);
    }
  }, refuse);
  const companyField = field('company');

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
        {t('public-poles.pole.byNumber.toggle')}
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
              {t('public-poles.pole.byNumber.title')}
            </h3>
            <p className="text-sm text-gray-700">{t('public-poles.pole.byNumber.intro')}</p>
            <SelectField
              label={t('public-poles.pole.byNumber.company')}
              required
              empty={t('public-poles.pole.byNumber.companyPlaceholder')}
              choices={list.map((item) => ({ value: String(item.id), label: `${item.name} – ${item.fullName}` }))}
              {...companyField}
              error={words(companyField.error)}
            />
            <TextField
              kind="verbatim"
              label={t('public-poles.pole.number')}
              hint={t('public-poles.pole.byNumber.numberHint')}
              required
              maxLength={64}
              {...field('number')}
            />
            <Button type="submit" className="justify-self-start" disabled={busy}>
              {busy ? t('public-poles.pole.byNumber.finding') : t('public-poles.pole.byNumber.find')}
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
