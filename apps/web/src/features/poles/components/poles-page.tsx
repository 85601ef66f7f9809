// /admin/poles: the pole registry, searched (a number's beginning or a part of the street),
// filtered by company and status and paged on the server, with the filters in the URL.
// Rows can be chosen (pole-selection.ts) for actions on several poles at once; operators
// deactivate or reactivate a pole from its row, after a confirmation.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@acende/shared/constants';
import type { AdminPole } from '@acende/shared/schemas/poles';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { inputClass, SelectField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { usePoleCompanies } from '../api/get-pole-companies.ts';
import { type PoleListParams, usePoles } from '../api/get-poles.ts';
import { togglePoleActive, useSavePole } from '../api/save-pole.ts';
import { type PoleSelection, usePoleSelection } from './pole-selection.ts';
import { PoleStatusBadge } from './pole-status-badge.tsx';
import { PrintLabelsButton } from './print-labels-button.tsx';

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
      title={t('poles.registry.title')}
      description={t('poles.registry.description')}
      actions={
        canWrite ? (
          // Links to other ways of adding poles (an import) go beside "New pole".
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/admin/poles/new">{t('poles.registry.new')}</LinkButton>
            <LinkButton to="/admin/poles/import" variant="secondary">
              {t('poles.import.title')}
            </LinkButton>
            <LinkButton
              to={`/admin/poles/labels${params.companyId ? `?companyId=${params.companyId}` : ''}`}
              variant="secondary"
            >
              {t('poles.labels.companyLink')}
            </LinkButton>
          </div>
        ) : null
      }
    >
      <PoleFilters params={params} onChange={change} hasFilters={hasFilters} />
      <QueryState query={poles} errorMessage={t('poles.registry.loadError')} retryLabel={t('poles.registry.retry')}>
        {(data) => (
          <>
            <p aria-live="polite" className="text-sm text-gray-800">
              {data.totalIsCapped
                ? t('poles.registry.resultsCapped', { total: data.total })
                : t('poles.registry.results', { count: data.total })}
            </p>
            {data.items.length === 0 ? (
              hasFilters ? (
                <div className="grid justify-items-start gap-2">
                  <p>{t('poles.registry.empty')}</p>
                  <Button variant="secondary" size="sm" onClick={() => setSearch({})}>
                    {t('poles.registry.clear')}
                  </Button>
                </div>
              ) : (
                <p>{t('poles.registry.none')}</p>
              )
            ) : (
              <>
                <SelectionBar selection={selection} rows={data.items} canWrite={canWrite} />
                <Table label={t('poles.registry.listLabel')} className="min-w-[860px]" aria-busy={poles.isFetching}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>
                        <span className="sr-only">{t('poles.registry.columns.select')}</span>
                      </TableHead>
                      <TableHead>{t('poles.registry.columns.number')}</TableHead>
                      <TableHead>{t('poles.registry.columns.company')}</TableHead>
                      <TableHead>{t('poles.registry.columns.street')}</TableHead>
                      <TableHead>{t('poles.registry.columns.coordinates')}</TableHead>
                      <TableHead>{t('poles.registry.columns.status')}</TableHead>
                      <TableHead>{t('poles.registry.columns.actions')}</TableHead>
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
                confirming.active ? 'poles.registry.confirmDeactivate.title' : 'poles.registry.confirmReactivate.title',
                {
                  number: confirming.number,
                },
              )
            : ''
        }
        description={
          confirming?.active
            ? t('poles.registry.confirmDeactivate.description')
            : t('poles.registry.confirmReactivate.description')
        }
        confirmLabel={
          confirming?.active
            ? t('poles.registry.confirmDeactivate.confirm')
            : t('poles.registry.confirmReactivate.confirm')
        }
        cancelLabel={t('poles.registry.cancel')}
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
          aria-label={t('poles.registry.selectRow', names)}
          checked={selection.isSelected(pole.id)}
          onChange={(event) => selection.toggle(pole, event.target.checked)}
        />
      </TableCell>
      <TableCell label={t('poles.registry.columns.number')} className="font-medium">
        {pole.number}
      </TableCell>
      <TableCell label={t('poles.registry.columns.company')}>{pole.companyName}</TableCell>
      <TableCell label={t('poles.registry.columns.street')}>{pole.street ?? '—'}</TableCell>
      <TableCell card={false} className="whitespace-nowrap">
        {coordinate.format(pole.latitude)}, {coordinate.format(pole.longitude)}
      </TableCell>
      <TableCell label={t('poles.registry.columns.status')}>
        <PoleStatusBadge active={pole.active} />
      </TableCell>
      <TableCell label={t('poles.registry.columns.actions')}>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={`/admin/poles/${pole.id}`}
            aria-label={t(canWrite ? 'poles.registry.editLabel' : 'poles.registry.viewLabel', names)}
            className="text-blue-800 underline"
          >
            {canWrite ? t('poles.registry.edit') : t('poles.registry.view')}
          </Link>
          {canWrite ? (
            <Button
              variant="link"
              size="sm"
              aria-label={t(pole.active ? 'poles.registry.deactivateLabel' : 'poles.registry.reactivateLabel', names)}
              onClick={onToggleActive}
            >
              {pole.active ? t('poles.registry.deactivate') : t('poles.registry.reactivate')}
            </Button>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** "Select all on this page", how many are chosen, and the actions on them. */
function SelectionBar({
  selection,
  rows,
  canWrite,
}: {
  selection: PoleSelection;
  rows: readonly AdminPole[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const chosenHere = rows.filter((pole) => selection.isSelected(pole.id)).length;
  const all = chosenHere === rows.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosenHere > 0 && !all;
  }, [chosenHere, all]);
  const count = selection.poles.length;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex min-h-11 items-center gap-2">
        <input
          ref={box}
          id={`${id}-page`}
          type="checkbox"
          className="h-5 w-5 accent-blue-700"
          checked={all}
          onChange={(event) => selection.setMany(rows, event.target.checked)}
        />
        <label htmlFor={`${id}-page`}>{t('poles.registry.selectPage')}</label>
      </div>
      {count > 0 ? (
        <>
          <span className="text-sm" aria-live="polite">
            {t('poles.registry.selected', { count })}
          </span>
          <Button variant="secondary" size="sm" onClick={selection.clear}>
            {t('poles.registry.clearSelection')}
          </Button>
          {/* Actions on the chosen poles (selection.poles) go here. */}
          {canWrite ? <PrintLabelsButton poleIds={selection.poles.map((pole) => pole.id)} size="sm" /> : null}
        </>
      ) : null}
    </div>
  );
}

function PoleFilters({
  params,
  onChange,
  hasFilters,
}: {
  params: PoleListParams;
  onChange: (change: Partial<PoleListParams>) => void;
  hasFilters: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const companies = usePoleCompanies();
  const [text, setText] = useState(params.q);
  // The URL is the truth: going back or clearing updates the box.
  useEffect(() => setText(params.q), [params.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() });
  };
  return (
    <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid min-w-0 gap-1 sm:col-span-2">
        <label htmlFor={`${id}-q`} className="font-medium">
          {t('poles.registry.search')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('poles.registry.searchPlaceholder')}
            maxLength={100}
            className={`${inputClass} min-w-0`}
          />
          <Button type="submit" variant="secondary">
            {t('poles.registry.searchButton')}
          </Button>
        </div>
      </div>
      <SelectField
        id={`${id}-company`}
        label={t('poles.registry.company')}
        empty={t('poles.registry.allCompanies')}
        choices={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={params.companyId}
        onChange={(event) => onChange({ companyId: event.target.value })}
      />
      <SelectField
        id={`${id}-active`}
        label={t('poles.registry.status')}
        empty={t('poles.registry.allStatuses')}
        choices={[
          { value: 'true', label: t('poles.registry.activeOnly') },
          { value: 'false', label: t('poles.registry.inactiveOnly') },
        ]}
        value={params.active}
        onChange={(event) => onChange({ active: event.target.value as PoleListParams['active'] })}
      />
      {hasFilters ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button variant="secondary" size="sm" onClick={() => onChange({ q: '', companyId: '', active: '' })}>
            {t('poles.registry.clear')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
