// /admin/work-orders (issue 37, decision 0067): the crews by company and the work orders of a
// day, with "Nova ordem de serviço" from a map area. Every account reads; operators and
// admins write (the API refuses viewers, so their controls are not shown).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { WorkOrderDialog } from '../../../components/work-orders/work-order-dialog.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { serviceDay } from '../../../lib/service-day.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CrewsSection } from './crews-section.tsx';
import { DayOrdersSection } from './day-orders-section.tsx';

export default function WorkOrdersPage() {
  const { t } = useTranslation();
  const role = useAdminProfile().data?.role;
  const canWrite = role === 'admin' || role === 'user';
  const [params, setParams] = useSearchParams();
  const day = params.get('day') ?? serviceDay();
  const [creating, setCreating] = useState(false);

  return (
    <PageShell
      title={t('admin-work.page.title')}
      description={t('admin-work.page.intro')}
      className="gap-8"
      actions={canWrite ? <Button onClick={() => setCreating(true)}>{t('admin-work.page.orders.new')}</Button> : null}
    >
      <DayOrdersSection day={day} onDay={(next) => setParams(next ? { day: next } : {}, { replace: true })} />
      <CrewsSection canWrite={canWrite} />
      <WorkOrderDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(order) => setParams({ day: order.day }, { replace: true })}
      />
    </PageShell>
  );
}
