// /admin/materials (decision 0068): each company's materials list, which field crews report
// when they fix a light. Every account reads; operators and admins add, edit and take a
// material out of use (the API refuses viewers, so their controls are not shown).
import '../field-work-catalogue.ts';
import type { Material } from '@acende/shared/schemas/crew';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSwitchActive } from '../../../components/admin/use-switch-active.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useMaterialCompanies } from '../api/get-material-companies.ts';
import { useMaterials } from '../api/get-materials.ts';
import { useUpdateMaterial } from '../api/save-material.ts';
import { MaterialAddForm } from './material-add-form.tsx';
import { MaterialEditDialog } from './material-edit-dialog.tsx';

export default function MaterialsPage() {
  const { t } = useTranslation();
  const id = useId();
  const role = useAdminProfile().data?.role;
  const canWrite = role === 'admin' || role === 'user';
  const [params, setParams] = useSearchParams();
  const chosen = params.get('companyId');
  const companyId = chosen && /^\d+$/.test(chosen) ? Number(chosen) : undefined;
  const companies = useMaterialCompanies();
  const materials = useMaterials(companyId);
  const update = useUpdateMaterial();
  const [editing, setEditing] = useState<Material | null>(null);
  const companyName = (material: Material) =>
    companies.data?.find((c) => c.id === material.companyId)?.name ?? String(material.companyId);

  const switchMaterial = useSwitchActive(update, {
    switchedOn: 'admin-access.materials.switchedOn',
    switchedOff: 'admin-access.materials.switchedOff',
    changeError: 'admin-access.materials.changeError',
  });

  const columns = {
    company: t('admin-access.materials.company'),
    name: t('admin-access.materials.name'),
    unit: t('admin-access.materials.unit'),
    state: t('admin-access.materials.state'),
    actions: t('admin-access.materials.actions'),
  };

  return (
    <PageShell title={t('admin-access.materials.title')} description={t('admin-access.materials.description')}>
      <SelectField
        id={`${id}-company`}
        label={t('admin-access.materials.company')}
        className="max-w-sm"
        value={companyId === undefined ? '' : String(companyId)}
        empty={t('admin-access.materials.allCompanies')}
        choices={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
        onChange={(event) => setParams(event.target.value ? { companyId: event.target.value } : {}, { replace: true })}
      />
      {canWrite ? (
        <MaterialAddForm key={companyId ?? 'all'} companies={companies.data ?? []} companyId={companyId} />
      ) : null}
      <QueryState
        query={materials}
        errorMessage={t('admin-access.materials.loadError')}
        retryLabel={t('admin-access.materials.retry')}
      >
        {(rows) =>
          rows.length === 0 ? (
            <p>{t('admin-access.materials.empty')}</p>
          ) : (
            <>
              <p className="text-sm text-gray-700">{t('admin-access.materials.count', { count: rows.length })}</p>
              <Table label={t('admin-access.materials.title')} className="min-w-[640px]">
                <TableHeader>
                  <TableRow>
                    <TableHead>{columns.company}</TableHead>
                    <TableHead>{columns.name}</TableHead>
                    <TableHead>{columns.unit}</TableHead>
                    <TableHead>{columns.state}</TableHead>
                    {canWrite ? <TableHead>{columns.actions}</TableHead> : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((material) => (
                    <TableRow key={material.id}>
                      <TableCell label={columns.company}>{companyName(material)}</TableCell>
                      <TableCell label={columns.name} className="font-medium">
                        {material.name}
                      </TableCell>
                      <TableCell label={columns.unit}>{material.unit}</TableCell>
                      <TableCell label={columns.state}>
                        {t(material.active ? 'admin-access.materials.active' : 'admin-access.materials.inactive')}
                      </TableCell>
                      {canWrite ? (
                        <TableCell label={columns.actions}>
                          <div className="flex flex-wrap gap-2">
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-label={t('admin-access.materials.editLabel', { name: material.name })}
                              onClick={() => setEditing(material)}
                            >
                              {t('admin-access.materials.edit')}
                            </Button>
                            <Button
                              variant="secondary"
                              size="sm"
                              disabled={update.isPending}
                              aria-label={t(
                                material.active
                                  ? 'admin-access.materials.switchOffLabel'
                                  : 'admin-access.materials.switchOnLabel',
                                { name: material.name },
                              )}
                              onClick={() => switchMaterial(material)}
                            >
                              {t(
                                material.active
                                  ? 'admin-access.materials.switchOff'
                                  : 'admin-access.materials.switchOn',
                              )}
                            </Button>
                          </div>
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )
        }
      </QueryState>
      {editing ? <MaterialEditDialog material={editing} onClose={() => setEditing(null)} /> : null}
    </PageShell>
  );
}
