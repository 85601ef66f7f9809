// /admin/users: the accounts (username, name, e-mail, role, companies, active), paged,
// with links to create and edit.
import { DEFAULT_PAGE_SIZE } from '@acende/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useUsers } from '../api/get-users.ts';

export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const users = useUsers(page, DEFAULT_PAGE_SIZE);

  useEffect(() => {
    document.title = `${t('users.title')} · ${t('app.title')}`;
  }, [t]);

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-heading text-2xl font-bold">{t('users.title')}</h1>
        <Button asChild>
          <Link to="/admin/users/new" className="no-underline">
            {t('users.new')}
          </Link>
        </Button>
      </div>

      {users.isPending ? <Spinner /> : null}
      {users.isError ? (
        <LoadError message={t('users.loadError')} retryLabel={t('users.retry')} onRetry={() => void users.refetch()} />
      ) : null}
      {users.data && users.data.items.length === 0 ? <p>{t('users.empty')}</p> : null}
      {users.data && users.data.items.length > 0 ? (
        <>
          <Table label={t('users.listLabel')} className="min-w-[720px]">
            <TableHeader>
              <TableRow>
                {(['username', 'name', 'email', 'role', 'companies', 'active', 'actions'] as const).map((column) => (
                  <TableHead key={column}>{t(`users.columns.${column}`)}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.items.map((user) => (
                <TableRow key={user.id}>
                  <TableCell className="font-medium">{user.username}</TableCell>
                  <TableCell>{user.name}</TableCell>
                  <TableCell className="break-all">{user.email ?? '—'}</TableCell>
                  <TableCell>{t(`roles.${user.role}`)}</TableCell>
                  <TableCell>
                    {user.companies.length ? user.companies.map((c) => c.name).join(', ') : t('users.allCompanies')}
                  </TableCell>
                  <TableCell>{user.active ? t('users.yes') : t('users.no')}</TableCell>
                  <TableCell>
                    <Link
                      to={`/admin/users/${user.id}/edit`}
                      aria-label={t('users.editLabel', { username: user.username })}
                      className="text-blue-800 underline"
                    >
                      {t('users.edit')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav
            aria-label={t('users.pageInfo', { page, pages, total: users.data.total })}
            className="flex flex-wrap items-center gap-2"
          >
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('users.previous')}
            </Button>
            <span className="text-sm">{t('users.pageInfo', { page, pages, total: users.data.total })}</span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {t('users.next')}
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
