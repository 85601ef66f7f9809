// The theme settings' part on who runs the service: the operator's name and contact (every
// public footer shows them) and the privacy notice and accessibility statement in both
// languages, as plain text; a blank text shows the default, which can be read and copied here.

import type { PublicPage } from '@acende/shared/public-pages';
import {
  OPERATOR_ADDRESS_MAX,
  OPERATOR_NAME_MAX,
  OPERATOR_PHONE_MAX,
  PUBLIC_PAGE_TEXT_MAX,
  type PublicPagesSettingsInput,
  type PublicPagesSettingsView,
  publicPagesSettingsSchema,
} from '@acende/shared/schemas/public-pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { QueryState } from '../../../components/ui/page-shell.tsx';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePublicPagesSettings, useSavePublicPagesSettings } from '../api/public-pages-settings.ts';

type Form = {
  operator: { name: string; email: string; phone: string; address: string };
  privacy: { pt: string; en: string };
  accessibility: { pt: string; en: string };
};

const TEXTS = [
  ['privacy', 'pt', 'admin-settings.settings.publicPages.privacyPt'],
  ['privacy', 'en', 'admin-settings.settings.publicPages.privacyEn'],
  ['accessibility', 'pt', 'admin-settings.settings.publicPages.accessibilityPt'],
  ['accessibility', 'en', 'admin-settings.settings.publicPages.accessibilityEn'],
] as const;

function toForm(view: PublicPagesSettingsView): Form {
  const { operator } = view;
  return {
    operator: {
      name: operator.name ?? '',
      email: operator.email ?? '',
      phone: operator.phone ?? '',
      address: operator.address ?? '',
    },
    privacy: { pt: view.privacy.pt ?? '', en: view.privacy.en ?? '' },
    accessibility: { pt: view.accessibility.pt ?? '', en: view.accessibility.en ?? '' },
  };
}

export function PublicPagesSection() {
  const { t } = useTranslation();
  const settings = usePublicPagesSettings();
  return (
    <section aria-labelledby="public-pages-title" className="grid gap-3 border-t border-gray-200 pt-6">
      <h2 id="public-pages-title" className="font-heading text-xl font-semibold">
        {t('admin-settings.settings.publicPages.title')}
      </h2>
      <p className="text-gray-700">{t('admin-settings.settings.publicPages.description')}</p>
      <QueryState
        query={settings}
        errorMessage={errorMessage(settings.error, t('admin-settings.settings.publicPages.loadError'))}
        retryLabel={t('admin-settings.settings.retry')}
      >
        {(view) => <PublicPagesForm view={view} />}
      </QueryState>
    </section>
  );
}

function PublicPagesForm({ view }: { view: PublicPagesSettingsView }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSavePublicPagesSettings();
  const form = useForm<Form>({
    resolver: zodResolver(publicPagesSettingsSchema as never) as never,
    defaultValues: toForm(view),
  });
  const field = fieldBinder(form, id);
  const defaults = save.data?.defaults ?? view.defaults;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input as PublicPagesSettingsInput, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        announceSaved(t('admin-settings.settings.publicPages.saved'));
      },
      onError: (error) => {
        applyServerErrors(error, form.setError);
        toast({
          title: t('admin-settings.settings.publicPages.saveError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        });
      },
    }),
  );

  const copyDefault = (page: PublicPage, language: 'pt' | 'en') =>
    form.setValue(`${page}.${language}`, defaults[page][language], { shouldDirty: true, shouldValidate: true });

  return (
    <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('admin-settings.settings.publicPages.operatorName')}
          maxLength={OPERATOR_NAME_MAX}
          {...field('operator.name')}
        />
        <TextField
          label={t('admin-settings.settings.publicPages.operatorEmail')}
          kind="email"
          {...field('operator.email')}
        />
        <TextField
          label={t('admin-settings.settings.publicPages.operatorPhone')}
          type="tel"
          maxLength={OPERATOR_PHONE_MAX}
          {...field('operator.phone')}
        />
        <TextField
          label={t('admin-settings.settings.publicPages.operatorAddress')}
          maxLength={OPERATOR_ADDRESS_MAX}
          {...field('operator.address')}
        />
      </div>
      {TEXTS.map(([page, language, label]) => (
        <div key={`${page}-${language}`} className="grid gap-2">
          <TextAreaField
            label={t(label)}
            hint={t('admin-settings.settings.publicPages.defaultHint')}
            rows={8}
            maxLength={PUBLIC_PAGE_TEXT_MAX}
            lang={language === 'en' ? 'en' : 'pt-BR'}
            {...field(`${page}.${language}`)}
          />
          <details className="rounded-theme border border-gray-300 p-3">
            <summary className="cursor-pointer font-medium">
              {t('admin-settings.settings.publicPages.showDefault')}
            </summary>
            <p
              className="mt-2 max-h-64 overflow-auto whitespace-pre-line text-sm"
              lang={language === 'en' ? 'en' : 'pt-BR'}
            >
              {defaults[page][language]}
            </p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => copyDefault(page, language)}>
              {t('admin-settings.settings.publicPages.useDefault')}
            </Button>
          </details>
        </div>
      ))}
      <div>
        <SubmitButton pending={save.isPending} pendingLabel={t('admin-settings.settings.saving')}>
          {t('admin-settings.settings.publicPages.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
