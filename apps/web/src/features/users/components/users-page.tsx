// /admin/users: the accounts (username, name, e-mail, role, companies, active, two-factor),
// paged, with links to create and edit, and a confirmed reset of another account's second
// factor (decision 0026).
import { DEFAULT_PAGE_SIZE } from '@acende/shared/constants';
import type { User } from '@acende/shared/schemas/users';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useUsers } from '../api/get-users.ts';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';

const COLUMNS = ['username', 'name', 'email', 'role', 'companies', 'active', 'twoFactor', 'actions'] as const;

export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const users = useUsers(page, DEFAULT_PAGE_SIZE);
  const me = useAdminProfile().data;
  const reset = useResetTwoFactor();
  const [resetting, setResetting] = useState<User | null>(null);

  const confirmReset = () => {
    const user = resetting;
    setResetting(null);
    if (!user) return;
    reset.mutate(user.id, {
      onSuccess: () => toast({ title: t('admin-access.users.resetTwoFactorDone'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('admin-access.users.resetTwoFactorError'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });
  };

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <PageShell
      title={t('admin-access.users.title')}
      actions={<LinkButton to="/admin/users/new">{t('admin-access.users.new')}</LinkButton>}
    >
      <QueryState
        query={users}
        errorMessage={t('admin-access.users.loadError')}
        retryLabel={t('admin-access.users.retry')}
      >
        {(data) =>
          data.items.length === 0 ? (
            <p>{t('admin-access.users.empty')}</p>
          ) : (
            <>
              <Table label={t('admin-access.users.listLabel')} className="min-w-[720px]">
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableHead key={column}>{t(`admin-access.users.columns.${column}`)}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((user) => (
                    <TableRow key={user.id}>
                      <TableCell label={t('admin-access.users.columns.username')} className="font-medium">
                        {user.username}
                      </TableCell>
                      <TableCell label={t('admin-access.users.columns.name')}>{user.name}</TableCell>
                      <TableCell label={t('admin-access.users.columns.email')} className="break-all">
                        {user.email ?? '—'}
                      </TableCell>
                      <TableCell label={t('admin-access.users.columns.role')}>
                        {t(`admin-access.roles.${user.role}`)}
                        {user.crewName ? ` · ${user.crewName}` : null}
                      </TableCell>
                      <TableCell label={t('admin-access.users.columns.companies')}>
                        {user.companies.length
                          ? user.companies.map((c) => c.name).join(', ')
                          : t('admin-access.users.allCompanies')}
                      </TableCell>
                      <TableCell label={t('admin-access.users.columns.active')}>
                        {user.active ? t('admin-access.users.yes') : t('admin-access.users.no')}
                      </TableCell>
                      <TableCell label={t('admin-access.users.columns.twoFactor')}>
                        {user.twoFactorEnabled ? t('admin-access.users.yes') : t('admin-access.users.no')}
                      </TableCell>
                      <TableCell label={t('admin-access.users.columns.actions')}>
                        <div className="flex flex-wrap items-center gap-3">
                          <Link
                            to={`/admin/users/${user.id}/edit`}
                            aria-label={t('admin-access.users.editLabel', { username: user.username })}
                            className="text-blue-800 underline"
                          >
                            {t('admin-access.users.edit')}
                          </Link>
                          {user.twoFactorEnabled && user.id !== me?.id ? (
                            <Button
                              variant="link"
                              aria-label={t('admin-access.users.resetTwoFactorLabel', { username: user.username })}
                              disabled={reset.isPending}
                              onClick={() => setResetting(user)}
                            >
                              {t('admin-access.users.resetTwoFactor')}
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <nav
                aria-label={t('admin-access.users.pageInfo', { page, pages, count: data.total })}
                className="flex flex-wrap items-center gap-2"
              >
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  {t('admin-access.users.previous')}
                </Button>
                <span className="text-sm">{t('admin-access.users.pageInfo', { page, pages, count: data.total })}</span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                  {t('admin-access.users.next')}
                </Button>
              </nav>
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={resetting !== null}
        title={t('admin-access.users.resetTwoFactorTitle')}
        description={
          resetting ? t('admin-access.users.resetTwoFactorDescription', { username: resetting.username }) : undefined
        }
        confirmLabel={t('admin-access.users.resetTwoFactorConfirm')}
        cancelLabel={t('admin-access.users.form.cancel')}
        onConfirm={confirmReset}
        onCancel={() => setResetting(null)}
      />
    </PageShell>
  );
}
