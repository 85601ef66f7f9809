// The template form: name, status, and the note in Portuguese and in English, validated
// with the API's own schema (both texts required, as long as an update's notes may be).
import { REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import {
  REPLY_TEMPLATE_NAME_MAX,
  REPLY_TEMPLATE_TEXT_MAX,
  type ReplyTemplate,
  replyTemplateInputSchema,
} from '@acende/shared/schemas/reply-templates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { announceSaved } from '../../../components/ui/save-status.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveReplyTemplate } from '../api/save-reply-template.ts';

interface Values {
  name: string;
  status: RequestStatus;
  textPt: string;
  textEn: string;
}

const EMPTY: Values = { name: '', status: 'in_progress', textPt: '', textEn: '' };

export function ReplyTemplateForm({ template, onDone }: { template: ReplyTemplate | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveReplyTemplate();
  const form = useForm<Values>({
    resolver: zodResolver(replyTemplateInputSchema, undefined, { raw: true }) as never,
    defaultValues: template
      ? { name: template.name, status: template.status, textPt: template.textPt, textEn: template.textEn }
      : EMPTY,
  });
  const field = fieldBinder(form, 'template');
  const titleId = 'template-form-title';

  useEffect(() => {
    form.setFocus('name');
  }, [form]);

  const submit = form.handleSubmit((values) => {
    save.mutate(
      { ...values, id: template?.id },
      {
        onSuccess: () => {
          announceSaved(t('admin-templates.replyTemplates.saved'));
          onDone();
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, Object.keys(EMPTY));
          toast({
            title: t('common.errors.generic'),
            description: errorMessage(error, t('common.errors.generic')),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      className="grid gap-4 rounded-theme border border-gray-300 bg-white p-4"
    >
      <h2 id={titleId} className="font-heading text-xl font-semibold">
        {template ? t('admin-templates.replyTemplates.edit') : t('admin-templates.replyTemplates.new')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('admin-templates.replyTemplates.name')}
          maxLength={REPLY_TEMPLATE_NAME_MAX}
          {...field('name')}
        />
        <SelectField
          label={t('admin-templates.replyTemplates.status')}
          choices={REQUEST_STATUSES.map((status) => ({ value: status, label: t(`common.status.${status}`) }))}
          {...field('status')}
        />
      </div>
      <TextAreaField
        label={t('admin-templates.replyTemplates.textPt')}
        rows={4}
        maxLength={REPLY_TEMPLATE_TEXT_MAX}
        lang="pt"
        {...field('textPt')}
      />
      <TextAreaField
        label={t('admin-templates.replyTemplates.textEn')}
        rows={4}
        maxLength={REPLY_TEMPLATE_TEXT_MAX}
        lang="en"
        {...field('textEn')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('admin-templates.replyTemplates.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('admin-templates.replyTemplates.cancel')}
        </Button>
      </div>
    </form>
  );
}
