// /admin/energy-companies (admin only): the registry, with each company's icon, colour,
// whether citizens see it and how many requests refer to it; add, edit, and delete
// (asked to confirm first), offered only where it succeeds: a company that requests refer
// to says why it cannot be deleted (deactivate instead).
import type { AdminEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { type CrudColumn, CrudPage } from '../../../components/admin/crud-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CompanyIcon } from '../../../components/ui/company-icon.tsx';
import { useAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDeleteEnergyCompany } from '../api/delete-energy-company.ts';
import { EnergyCompanyForm } from './energy-company-form.tsx';

export default function EnergyCompaniesPage() {
  const { t } = useTranslation();
  const companies = useAdminEnergyCompanies();
  const remove = useDeleteEnergyCompany();

  const columns: CrudColumn<AdminEnergyCompany>[] = [
    {
      header: t('admin-operations.operations.companies.iconClass'),
      cell: (company) => <CompanyIcon iconClass={company.iconClass} colorClass={company.colorClass} />,
    },
    {
      header: t('admin-operations.operations.companies.name'),
      className: 'font-medium',
      cell: (company) => company.name,
    },
    { header: t('admin-operations.operations.companies.fullName'), cell: (company) => company.fullName },
    {
      header: t('admin-operations.operations.companies.activeColumn'),
      cell: (company) =>
        company.active
          ? t('admin-operations.operations.companies.isActive')
          : t('admin-operations.operations.companies.isInactive'),
    },
    { header: t('admin-operations.operations.companies.requests'), cell: (company) => company.requestCount },
    {
      header: t('admin-operations.operations.list.columns.actions'),
      cell: (company, row) => (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('admin-operations.operations.companies.editOf', { name: company.name })}
            onClick={row.edit}
          >
            {t('admin-operations.operations.companies.edit')}
          </Button>
          {company.deletable ? (
            <Button
              variant="danger"
              size="sm"
              aria-label={t('admin-operations.operations.companies.deleteOf', { name: company.name })}
              disabled={row.removing}
              onClick={row.remove}
            >
              {t('admin-operations.operations.companies.delete')}
            </Button>
          ) : (
            <p className="text-sm text-gray-700">
              {t('admin-operations.operations.companies.inUse', { count: company.requestCount })}
            </p>
          )}
        </div>
      ),
    },
  ];

  return (
    <CrudPage
      title={t('admin-operations.operations.companies.title')}
      addLabel={t('admin-operations.operations.companies.add')}
      form={(company, done) => <EnergyCompanyForm company={company} onDone={done} />}
      query={companies}
      errorMessage={t('admin-operations.operations.companies.error')}
      retryLabel={t('admin-operations.operations.common.retry')}
      empty={t('admin-operations.operations.companies.empty')}
      columns={columns}
      removal={{
        mutation: remove,
        confirm: (company) => ({
          title: t('admin-operations.operations.companies.deleteOf', { name: company.name }),
          description: t('admin-operations.operations.companies.confirmDelete', { name: company.name }),
        }),
        confirmLabel: t('admin-operations.operations.companies.delete'),
        cancelLabel: t('admin-operations.operations.companies.cancel'),
        doneTitle: t('admin-operations.operations.companies.deleted'),
        errorTitle: t('admin-operations.operations.companies.deleteError'),
      }}
    />
  );
}
