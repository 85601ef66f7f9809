// /admin/reply-templates (admin only, decision 0031): the templates by status, with both
// texts; add, edit, and delete (asked to confirm first; history keeps what was sent).
import type { ReplyTemplate } from '@acende/shared/schemas/reply-templates';
import { type CrudColumn, CrudPage } from '../../../components/admin/crud-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useReplyTemplates } from '../../../lib/reply-templates.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteReplyTemplate } from '../api/delete-reply-template.ts';
import { ReplyTemplateForm } from './reply-template-form.tsx';

export default function ReplyTemplatesPage() {
  const { t } = useTranslation();
  const templates = useReplyTemplates();
  const remove = useDeleteReplyTemplate();

  const columns: CrudColumn<ReplyTemplate>[] = [
    { header: t('admin-templates.replyTemplates.name'), className: 'font-medium', cell: (template) => template.name },
    { header: t('admin-templates.replyTemplates.status'), cell: (template) => t(`common.status.${template.status}`) },
    {
      header: t('admin-templates.replyTemplates.textPt'),
      cell: (template) => <span lang="pt">{template.textPt}</span>,
    },
    {
      header: t('admin-templates.replyTemplates.textEn'),
      cell: (template) => <span lang="en">{template.textEn}</span>,
    },
    {
      header: t('admin-templates.replyTemplates.actions'),
      cell: (template, row) => (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${t('admin-templates.replyTemplates.edit')}: ${template.name}`}
            onClick={row.edit}
          >
            {t('admin-templates.replyTemplates.edit')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            aria-label={`${t('admin-templates.replyTemplates.delete')}: ${template.name}`}
            disabled={row.removing}
            onClick={row.remove}
          >
            {t('admin-templates.replyTemplates.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <CrudPage
      title={t('admin-templates.replyTemplates.title')}
      description={t('admin-templates.replyTemplates.intro')}
      addLabel={t('admin-templates.replyTemplates.new')}
      form={(template, done) => <ReplyTemplateForm template={template} onDone={done} />}
      query={templates}
      errorMessage={t('common.errors.generic')}
      retryLabel={t('admin-operations.operations.common.retry')}
      empty={t('admin-templates.replyTemplates.empty')}
      columns={columns}
      removal={{
        mutation: remove,
        confirm: (template) => ({
          title: t('admin-templates.replyTemplates.deleteTitle', { name: template.name }),
          description: t('admin-templates.replyTemplates.deleteBody'),
        }),
        confirmLabel: t('admin-templates.replyTemplates.delete'),
        cancelLabel: t('admin-templates.replyTemplates.cancel'),
        doneTitle: t('admin-templates.replyTemplates.deleted'),
        errorTitle: t('common.errors.generic'),
      }}
    />
  );
}
