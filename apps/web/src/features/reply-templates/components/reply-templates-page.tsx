// /admin/reply-templates (admin only, decision 0031): the templates by status, with both
// texts; add, edit, and delete (asked to confirm first; history keeps what was sent).
import type { ReplyTemplate } from '@acende/shared/schemas/reply-templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReplyTemplates } from '../../../lib/reply-templates.ts';
import { useDeleteReplyTemplate } from '../api/delete-reply-template.ts';
import { ReplyTemplateForm } from './reply-template-form.tsx';

export default function ReplyTemplatesPage() {
  const { t } = useTranslation();
  const templates = useReplyTemplates();
  const remove = useDeleteReplyTemplate();
  // null: no form; 'new': creating; a template: editing it.
  const [editing, setEditing] = useState<ReplyTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReplyTemplate | null>(null);

  const confirmDelete = (template: ReplyTemplate) => {
    setDeleting(null);
    remove.mutate(template.id, {
      onSuccess: () => toast({ title: t('replyTemplates.deleted'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('errors.generic'),
          description: errorMessage(error, t('errors.generic')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <PageShell
      title={t('replyTemplates.title')}
      description={t('replyTemplates.intro')}
      actions={editing === null ? <Button onClick={() => setEditing('new')}>{t('replyTemplates.new')}</Button> : null}
    >
      {editing !== null ? (
        <ReplyTemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <QueryState query={templates} errorMessage={t('errors.generic')} retryLabel={t('operations.common.retry')}>
        {(data) =>
          data.length === 0 ? (
            <p>{t('replyTemplates.empty')}</p>
          ) : (
            <Table label={t('replyTemplates.title')} className="min-w-[720px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('replyTemplates.name')}</TableHead>
                  <TableHead>{t('replyTemplates.status')}</TableHead>
                  <TableHead>{t('replyTemplates.textPt')}</TableHead>
                  <TableHead>{t('replyTemplates.textEn')}</TableHead>
                  <TableHead>{t('replyTemplates.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((template) => (
                  <TableRow key={template.id}>
                    <TableCell label={t('replyTemplates.name')} className="font-medium">
                      {template.name}
                    </TableCell>
                    <TableCell label={t('replyTemplates.status')}>{t(`status.${template.status}`)}</TableCell>
                    <TableCell label={t('replyTemplates.textPt')}>
                      <span lang="pt">{template.textPt}</span>
                    </TableCell>
                    <TableCell label={t('replyTemplates.textEn')}>
                      <span lang="en">{template.textEn}</span>
                    </TableCell>
                    <TableCell label={t('replyTemplates.actions')}>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`${t('replyTemplates.edit')}: ${template.name}`}
                          onClick={() => setEditing(template)}
                        >
                          {t('replyTemplates.edit')}
                        </Button>
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={`${t('replyTemplates.delete')}: ${template.name}`}
                          disabled={remove.isPending}
                          onClick={() => setDeleting(template)}
                        >
                          {t('replyTemplates.delete')}
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('replyTemplates.deleteTitle', { name: deleting.name }) : ''}
        description={deleting ? t('replyTemplates.deleteBody') : undefined}
        confirmLabel={t('replyTemplates.delete')}
        cancelLabel={t('replyTemplates.cancel')}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </PageShell>
  );
}
