// /admin/energy-companies (admin only): the registry, with each company's icon, colour,
// whether citizens see it and how many requests refer to it; add, edit, and delete
// (asked to confirm first), offered only where it succeeds: a company that requests refer
// to says why it cannot be deleted (deactivate instead).
import type { AdminEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CompanyIcon } from '../../../components/ui/company-icon.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteEnergyCompany } from '../api/delete-energy-company.ts';
import { EnergyCompanyForm } from './energy-company-form.tsx';

export default function EnergyCompaniesPage() {
  const { t } = useTranslation();
  const companies = useAdminEnergyCompanies();
  const remove = useDeleteEnergyCompany();
  // null: no form; 'new': creating; a company: editing it.
  const [editing, setEditing] = useState<AdminEnergyCompany | 'new' | null>(null);

  // The company whose deletion waits for the person's answer.
  const [deleting, setDeleting] = useState<AdminEnergyCompany | null>(null);

  const confirmDelete = (company: AdminEnergyCompany) => {
    setDeleting(null);
    remove.mutate(company.id, {
      onSuccess: () => toast({ title: t('operations.companies.deleted'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('operations.companies.deleteError'),
          description: errorMessage(error, t('errors.generic')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <PageShell
      title={t('operations.companies.title')}
      actions={
        editing === null ? <Button onClick={() => setEditing('new')}>{t('operations.companies.add')}</Button> : null
      }
    >
      {editing !== null ? (
        <EnergyCompanyForm
          key={editing === 'new' ? 'new' : editing.id}
          company={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}

      <QueryState
        query={companies}
        errorMessage={t('operations.companies.error')}
        retryLabel={t('operations.common.retry')}
      >
        {(data) =>
          data.length === 0 ? (
            <p>{t('operations.companies.empty')}</p>
          ) : (
            <Table label={t('operations.companies.title')} className="min-w-[720px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('operations.companies.iconClass')}</TableHead>
                  <TableHead>{t('operations.companies.name')}</TableHead>
                  <TableHead>{t('operations.companies.fullName')}</TableHead>
                  <TableHead>{t('operations.companies.activeColumn')}</TableHead>
                  <TableHead>{t('operations.companies.requests')}</TableHead>
                  <TableHead>{t('operations.list.columns.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((company) => (
                  <TableRow key={company.id}>
                    <TableCell label={t('operations.companies.iconClass')}>
                      <CompanyIcon iconClass={company.iconClass} colorClass={company.colorClass} />
                    </TableCell>
                    <TableCell label={t('operations.companies.name')} className="font-medium">
                      {company.name}
                    </TableCell>
                    <TableCell label={t('operations.companies.fullName')}>{company.fullName}</TableCell>
                    <TableCell label={t('operations.companies.activeColumn')}>
                      {company.active ? t('operations.companies.isActive') : t('operations.companies.isInactive')}
                    </TableCell>
                    <TableCell label={t('operations.companies.requests')}>{company.requestCount}</TableCell>
                    <TableCell label={t('operations.list.columns.actions')}>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('operations.companies.editOf', { name: company.name })}
                          onClick={() => setEditing(company)}
                        >
                          {t('operations.companies.edit')}
                        </Button>
                        {company.deletable ? (
                          <Button
                            variant="danger"
                            size="sm"
                            aria-label={t('operations.companies.deleteOf', { name: company.name })}
                            disabled={remove.isPending}
                            onClick={() => setDeleting(company)}
                          >
                            {t('operations.companies.delete')}
                          </Button>
                        ) : (
                          <p className="text-sm text-gray-700">
                            {t('operations.companies.inUse', { count: company.requestCount })}
                          </p>
                        )}
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
        title={deleting ? t('operations.companies.deleteOf', { name: deleting.name }) : ''}
        description={deleting ? t('operations.companies.confirmDelete', { name: deleting.name }) : undefined}
        confirmLabel={t('operations.companies.delete')}
        cancelLabel={t('operations.companies.cancel')}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </PageShell>
  );
}
