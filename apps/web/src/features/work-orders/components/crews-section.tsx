// The crews, by company: name and on/off, with (for operators and admins) the form that adds
// one, a rename in a small dialog and the switch off and on. Viewers read only.
import type { Crew } from '@acende/shared/schemas/work-orders';
import { useId, useState } from 'react';
import { useSwitchActive } from '../../../components/admin/use-switch-active.ts';
import { Button } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCrews } from '../api/get-crews.ts';
import { useUpdateCrew } from '../api/update-crew.ts';
import { CrewAddForm } from './crew-add-form.tsx';
import { CrewRenameDialog } from './crew-rename-dialog.tsx';
import { CrewStateBadge } from './state-badges.tsx';

const byCompanyThenName = (a: Crew, b: Crew) =>
  a.companyName.localeCompare(b.companyName, 'pt') || a.name.localeCompare(b.name, 'pt');

export function CrewsSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const crews = useCrews();
  const update = useUpdateCrew();
  const [renaming, setRenaming] = useState<Crew | null>(null);

  const switchCrew = useSwitchActive(update, {
    switchedOn: 'admin-work.page.crews.switchedOn',
    switchedOff: 'admin-work.page.crews.switchedOff',
    changeError: 'admin-work.page.crews.changeError',
  });

  const columns = {
    company: t('admin-work.page.crews.company'),
    name: t('admin-work.page.crews.name'),
    state: t('admin-work.page.crews.state'),
    actions: t('admin-work.page.crews.actions'),
  };

  return (
    <section className="grid gap-3">
      <h2 id={headingId} className="font-heading text-xl font-semibold">
        {t('admin-work.page.crews.title')}
      </h2>
      {canWrite ? <CrewAddForm /> : null}
      <QueryState query={crews} errorMessage={t('admin-work.page.loadError')} retryLabel={t('admin-work.page.retry')}>
        {(rows) =>
          rows.length === 0 ? (
            <p>{t('admin-work.page.crews.empty')}</p>
          ) : (
            <Table label={t('admin-work.page.crews.title')} className="min-w-[640px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{columns.company}</TableHead>
                  <TableHead>{columns.name}</TableHead>
                  <TableHead>{columns.state}</TableHead>
                  {canWrite ? <TableHead>{columns.actions}</TableHead> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...rows].sort(byCompanyThenName).map((crew) => (
                  <TableRow key={crew.id}>
                    <TableCell label={columns.company}>{crew.companyName}</TableCell>
                    <TableCell label={columns.name} className="font-medium">
                      {crew.name}
                    </TableCell>
                    <TableCell label={columns.state}>
                      <CrewStateBadge active={crew.active} />
                    </TableCell>
                    {canWrite ? (
                      <TableCell label={columns.actions}>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={t('admin-work.page.crews.renameLabel', { name: crew.name })}
                            onClick={() => setRenaming(crew)}
                          >
                            {t('admin-work.page.crews.rename')}
                          </Button>
                          <Button
                            variant="secondary"
                            size="sm"
                            disabled={update.isPending}
                            aria-label={t(
                              crew.active
                                ? 'admin-work.page.crews.switchOffLabel'
                                : 'admin-work.page.crews.switchOnLabel',
                              { name: crew.name },
                            )}
                            onClick={() => switchCrew(crew)}
                          >
                            {t(crew.active ? 'admin-work.page.crews.switchOff' : 'admin-work.page.crews.switchOn')}
                          </Button>
                        </div>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        }
      </QueryState>
      {renaming ? <CrewRenameDialog crew={renaming} onClose={() => setRenaming(null)} /> : null}
    </section>
  );
}
