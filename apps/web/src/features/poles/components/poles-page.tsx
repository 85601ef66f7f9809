// /admin/poles: the pole registry, searched (a number's beginning or a part of the street),
// filtered by company and status and paged on the server, with the filters in the URL.
// Rows can be chosen (pole-selection.ts) for actions on several poles at once; operators
// deactivate or reactivate a pole from its row, after a confirmation.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@acende/shared/constants';
import type { AdminPole } from '@acende/shared/schemas/poles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePoles } from '../api/get-poles.ts';
import type { PoleListParams } from '../api/query-keys.ts';
import { togglePoleActive, useSavePole } from '../api/save-pole.ts';
import { PoleFilters } from './pole-filters.tsx';
import { type PoleSelection, usePoleSelection } from './pole-selection.ts';
import { SelectionBar } from './pole-selection-bar.tsx';
import { PoleStatusBadge } from './pole-status-badge.tsx';

function readParams(params: URLSearchParams): PoleListParams {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const active = params.get('active');
  return {
    q: params.get('q') ?? '',
    companyId: /^\d+$/.test(params.get('companyId') ?? '') ? (params.get('companyId') as string) : '',
    active: active === 'true' || active === 'false' ? active : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

export default function PolesPage() {
  const { t } = useTranslation();
  const profile = useAdminProfile().data;
  const canWrite = profile != null && profile.role !== 'viewer';
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const poles = usePoles(params);
  const selection = usePoleSelection();
  const save = useSavePole();
  const [confirming, setConfirming] = useState<AdminPole | null>(null);
  const hasFilters = Boolean(params.q || params.companyId || params.active);

  const change = (next: Partial<PoleListParams>) => {
    // A new filter starts at page 1; the page size is kept.
    const merged = { ...params, page: 1, ...next };
    const query: Record<string, string> = {};
    if (merged.q) query.q = merged.q;
    if (merged.companyId) query.companyId = merged.companyId;
    if (merged.active) query.active = merged.active;
    if (merged.page !== 1) query.page = String(merged.page);
    if (merged.pageSize !== DEFAULT_PAGE_SIZE) query.pageSize = String(merged.pageSize);
    setSearch(query);
  };

  const setActive = (pole: AdminPole) => {
    setConfirming(null);
    togglePoleActive(save, pole, t);
  };

  return (
    <PageShell
      title={t('admin-poles.poles.registry.title')}
      description={t('admin-poles.poles.registry.description')}
      actions={
        canWrite ? (
          // Links to other ways of adding poles (an import) go beside "New pole".
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/admin/poles/new">{t('admin-poles.poles.registry.new')}</LinkButton>
            <LinkButton to="/admin/poles/import" variant="secondary">
              {t('admin-poles.poles.import.title')}
            </LinkButton>
            <LinkButton
              to={`/admin/poles/labels${params.companyId ? `?companyId=${params.companyId}` : ''}`}
              variant="secondary"
            >
              {t('admin-poles.poles.labels.companyLink')}
            </LinkButton>
          </div>
        ) : null
      }
    >
      <PoleFilters params={params} onChange={change} hasFilters={hasFilters} />
      <QueryState
        query={poles}
        errorMessage={t('admin-poles.poles.registry.loadError')}
        retryLabel={t('admin-poles.poles.registry.retry')}
      >
        {(data) => (
          <>
            <p aria-live="polite" className="text-sm text-gray-800">
              {data.totalIsCapped
                ? t('admin-poles.poles.registry.resultsCapped', { total: data.total })
                : t('admin-poles.poles.registry.results', { count: data.total })}
            </p>
            {data.items.length === 0 ? (
              hasFilters ? (
                <div className="grid justify-items-start gap-2">
                  <p>{t('admin-poles.poles.registry.empty')}</p>
                  <Button variant="secondary" size="sm" onClick={() => setSearch({})}>
                    {t('admin-poles.poles.registry.clear')}
                  </Button>
                </div>
              ) : (
                <p>{t('admin-poles.poles.registry.none')}</p>
              )
            ) : (
              <>
                <SelectionBar selection={selection} rows={data.items} canWrite={canWrite} />
                <Table
                  label={t('admin-poles.poles.registry.listLabel')}
                  className="min-w-[860px]"
                  aria-busy={poles.isFetching}
                >
                  <TableHeader>
                    <TableRow>
                      <TableHead>
                        <span className="sr-only">{t('admin-poles.poles.registry.columns.select')}</span>
                      </TableHead>
                      <TableHead>{t('admin-poles.poles.registry.columns.number')}</TableHead>
                      <TableHead>{t('admin-poles.poles.registry.columns.company')}</TableHead>
                      <TableHead>{t('admin-poles.poles.registry.columns.street')}</TableHead>
                      <TableHead>{t('admin-poles.poles.registry.columns.coordinates')}</TableHead>
                      <TableHead>{t('admin-poles.poles.registry.columns.status')}</TableHead>
                      <TableHead>{t('admin-poles.poles.registry.columns.actions')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.items.map((pole) => (
                      <PoleRow
                        key={pole.id}
                        pole={pole}
                        canWrite={canWrite}
                        selection={selection}
                        onToggleActive={() => setConfirming(pole)}
                      />
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              estimate={data.totalIsCapped}
              onPage={(page) => change({ ...params, page })}
              onPageSize={(pageSize) => change({ pageSize })}
            />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming
            ? t(
                confirming.active
                  ? 'admin-poles.poles.registry.confirmDeactivate.title'
                  : 'admin-poles.poles.registry.confirmReactivate.title',
                {
                  number: confirming.number,
                },
              )
            : ''
        }
        description={
          confirming?.active
            ? t('admin-poles.poles.registry.confirmDeactivate.description')
            : t('admin-poles.poles.registry.confirmReactivate.description')
        }
        confirmLabel={
          confirming?.active
            ? t('admin-poles.poles.registry.confirmDeactivate.confirm')
            : t('admin-poles.poles.registry.confirmReactivate.confirm')
        }
        cancelLabel={t('admin-poles.poles.registry.cancel')}
        variant={confirming?.active ? 'danger' : 'primary'}
        onConfirm={() => confirming && setActive(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </PageShell>
  );
}

function PoleRow({
  pole,
  canWrite,
  selection,
  onToggleActive,
}: {
  pole: AdminPole;
  canWrite: boolean;
  selection: PoleSelection;
  onToggleActive: () => void;
}) {
  const { t, i18n } = useTranslation();
  const names = { number: pole.number, company: pole.companyName };
  const coordinate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  return (
    <TableRow className="align-top">
      <TableCell>
        <input
          type="checkbox"
          className="h-5 w-5 accent-blue-700 max-sm:my-1"
          aria-label={t('admin-poles.poles.registry.selectRow', names)}
          checked={selection.isSelected(pole.id)}
          onChange={(event) => selection.toggle(pole, event.target.checked)}
        />
      </TableCell>
      <TableCell label={t('admin-poles.poles.registry.columns.number')} className="font-medium">
        {pole.number}
      </TableCell>
      <TableCell label={t('admin-poles.poles.registry.columns.company')}>{pole.companyName}</TableCell>
      <TableCell label={t('admin-poles.poles.registry.columns.street')}>{pole.street ?? '—'}</TableCell>
      <TableCell card={false} className="whitespace-nowrap">
        {coordinate.format(pole.latitude)}, {coordinate.format(pole.longitude)}
      </TableCell>
      <TableCell label={t('admin-poles.poles.registry.columns.status')}>
        <PoleStatusBadge active={pole.active} />
      </TableCell>
      <TableCell label={t('admin-poles.poles.registry.columns.actions')}>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={`/admin/poles/${pole.id}`}
            aria-label={t(
              canWrite ? 'admin-poles.poles.registry.editLabel' : 'admin-poles.poles.registry.viewLabel',
              names,
            )}
            className="text-blue-800 underline"
          >
            {canWrite ? t('admin-poles.poles.registry.edit') : t('admin-poles.poles.registry.view')}
          </Link>
          {canWrite ? (
            <Button
              variant="link"
              size="sm"
              aria-label={t(
                pole.active
                  ? 'admin-poles.poles.registry.deactivateLabel'
                  : 'admin-poles.poles.registry.reactivateLabel',
                names,
              )}
              onClick={onToggleActive}
            >
              {pole.active ? t('admin-poles.poles.registry.deactivate') : t('admin-poles.poles.registry.reactivate')}
            </Button>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}
