// /admin/users: the accounts (username, name, e-mail, role, companies, active), paged,
// with links to create and edit.
import { DEFAULT_PAGE_SIZE } from '@acende/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useUsers } from '../api/get-users.ts';

const COLUMNS = ['username', 'name', 'email', 'role', 'companies', 'active', 'actions'] as const;

export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const users = useUsers(page, DEFAULT_PAGE_SIZE);

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <PageShell title={t('users.title')} actions={<LinkButton to="/admin/users/new">{t('users.new')}</LinkButton>}>
      <QueryState query={users} errorMessage={t('users.loadError')} retryLabel={t('users.retry')}>
        {(data) =>
          data.items.length === 0 ? (
            <p>{t('users.empty')}</p>
          ) : (
            <>
              <Table label={t('users.listLabel')} className="min-w-[720px]">
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableHead key={column}>{t(`users.columns.${column}`)}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((user) => (
                    <TableRow key={user.id}>
                      <TableCell label={t('users.columns.username')} className="font-medium">
                        {user.username}
                      </TableCell>
                      <TableCell label={t('users.columns.name')}>{user.name}</TableCell>
                      <TableCell label={t('users.columns.email')} className="break-all">
                        {user.email ?? '—'}
                      </TableCell>
                      <TableCell label={t('users.columns.role')}>{t(`roles.${user.role}`)}</TableCell>
                      <TableCell label={t('users.columns.companies')}>
                        {user.companies.length ? user.companies.map((c) => c.name).join(', ') : t('users.allCompanies')}
                      </TableCell>
                      <TableCell label={t('users.columns.active')}>
                        {user.active ? t('users.yes') : t('users.no')}
                      </TableCell>
                      <TableCell label={t('users.columns.actions')}>
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
                aria-label={t('users.pageInfo', { page, pages, total: data.total })}
                className="flex flex-wrap items-center gap-2"
              >
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  {t('users.previous')}
                </Button>
                <span className="text-sm">{t('users.pageInfo', { page, pages, total: data.total })}</span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                  {t('users.next')}
                </Button>
              </nav>
            </>
          )
        }
      </QueryState>
    </PageShell>
  );
}
