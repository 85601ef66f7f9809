// "Nova ordem de serviço" (issue 37): crew, day, "overdue first" and the requests, either the
// ones chosen on the request list or every open one in the area the map shows (with, then, an
// optional start point at the map's centre). Used by the dispatch screen and the request list.
import type { WorkOrder } from '@acende/shared/schemas/work-orders';
import { useQuery } from '@tanstack/react-query';
import type L from 'leaflet';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { workOrderQueries } from '../../lib/query-keys/work-orders.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSite } from '../map/get-site.ts';
import { FormDialog } from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { CheckboxField, FieldError, SelectField, TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/form-binding.ts';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/toast.tsx';
import { type MapChoice, useWorkOrderForm } from './use-work-order-form.ts';

const AreaMap = lazy(() => import('./area-map.tsx'));

export interface WorkOrderDialogProps {
  open: boolean;
  /** The requests chosen on the list; absent: the area of the form's map. */
  requestIds?: number[];
  onClose: () => void;
  onCreated?: (order: WorkOrder) => void;
}

/** The dialog while open: its form starts afresh each time it opens. */
export function WorkOrderDialog(props: WorkOrderDialogProps) {
  return props.open ? <WorkOrderForm {...props} /> : null;
}

function WorkOrderForm({ requestIds, onClose, onCreated }: WorkOrderDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const crews = useQuery(workOrderQueries.crews());
  const created = (order: WorkOrder) => {
    toast({
      title: t('admin-work.page.form.created', { id: order.id, count: order.stops.length }),
      variant: 'success',
      link: {
        label: t('admin-work.page.form.openCreated', { id: order.id }),
        href: `/admin/work-orders/${order.id}`,
        navigate: (href) => void navigate(href),
      },
    });
    onCreated?.(order);
    onClose();
  };
  const { form, choice, setChoice, problem, submit, pending } = useWorkOrderForm(requestIds, created);
  const field = fieldBinder(form, `work-order${id}`);
  const active = (crews.data ?? []).filter((crew) => crew.active);
  const { errors } = form.formState;
  // A refusal that names no field shows at the top of the dialog, which may be scrolled down
  // to the map: it takes the focus, so it is seen and read out.
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) alert.current?.focus();
  }, [problem]);

  return (
    <FormDialog
      open
      title={t('admin-work.page.form.title')}
      description={
        requestIds
          ? t('admin-work.page.form.selected', { count: requestIds.length })
          : t('admin-work.page.form.areaHint')
      }
      submitLabel={pending ? t('admin-work.page.form.submitting') : t('admin-work.page.form.submit')}
      cancelLabel={t('admin-work.page.form.cancel')}
      pending={pending}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      {problem ? (
        <p
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="rounded-theme border border-red-300 bg-red-50 p-3 text-red-900 focus-visible:outline-3 focus-visible:outline-blue-700"
        >
          {problem}
        </p>
      ) : null}
      <SelectField
        label={t('admin-work.page.form.crew')}
        required
        empty={t('admin-work.page.form.crewChoose')}
        choices={active.map((crew) => ({ value: crew.id, label: `${crew.name} (${crew.companyName})` }))}
        hint={crews.data && active.length === 0 ? t('admin-work.page.form.noCrews') : undefined}
        {...field('crewId')}
        error={field('crewId').error ?? (crews.isError ? t('admin-work.page.loadError') : undefined)}
      />
      <TextField type="date" label={t('admin-work.page.form.day')} required {...field('day')} />
      <CheckboxField
        label={t('admin-work.page.form.overdueFirst')}
        hint={t('admin-work.page.form.overdueFirstHint')}
        {...field('overdueFirst')}
      />
      {requestIds ? (
        <FieldError error={errors.selection?.message} />
      ) : (
        <AreaChoice
          idBase={`work-order${id}`}
          choice={choice}
          onChoice={(next) => {
            setChoice(next);
            if (next.area) form.clearErrors('selection');
          }}
          selectionError={errors.selection?.message}
          startError={errors.start?.message}
        />
      )}
    </FormDialog>
  );
}

/** The map, the area it shows once taken, and the start point at its centre. */
function AreaChoice({
  idBase,
  choice,
  onChoice,
  selectionError,
  startError,
}: {
  idBase: string;
  choice: MapChoice;
  onChoice: (choice: MapChoice) => void;
  selectionError?: string;
  startError?: string;
}) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const [map, setMap] = useState<L.Map | null>(null);
  const hintId = `${idBase}-map-hint`;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const useArea = () => {
    if (!map) return;
    const b = map.getBounds();
    onChoice({ ...choice, area: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() } });
  };
  const useCentre = () => {
    if (!map) return;
    const centre = map.getCenter();
    onChoice({ ...choice, start: { lat: centre.lat, lng: centre.lng } });
  };
  const area = choice.area;
  return (
    <div className="grid gap-2">
      <p id={hintId} className="text-sm text-gray-700">
        {t('admin-work.page.form.areaHint')}
      </p>
      {site.data ? (
        <Suspense fallback={<Spinner />}>
          <AreaMap
            tileUrl={site.data.tileUrl}
            attribution={site.data.tileAttribution}
            fallback={site.data.map}
            label={t('admin-work.page.form.areaMap')}
            describedBy={hintId}
            onMap={setMap}
          />
        </Suspense>
      ) : (
        <Spinner />
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={!map} onClick={useArea}>
          {t('admin-work.page.form.useArea')}
        </Button>
        <Button variant="secondary" size="sm" disabled={!map} onClick={useCentre}>
          {t('admin-work.page.form.useCentre')}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm">
        {area
          ? t('admin-work.page.form.areaChosen', {
              south: number.format(area.south),
              west: number.format(area.west),
              north: number.format(area.north),
              east: number.format(area.east),
            })
          : null}
      </p>
      <FieldError error={selectionError} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{t('admin-work.page.form.start')}:</span>
        <span aria-live="polite">
          {choice.start
            ? t('admin-work.page.form.startSet', {
                // Not `lng`: i18next reads that option as the language.
                latitude: number.format(choice.start.lat),
                longitude: number.format(choice.start.lng),
              })
            : t('admin-work.page.form.startNone')}
        </span>
        {choice.start ? (
          <Button variant="link" size="sm" onClick={() => onChoice({ ...choice, start: null })}>
            {t('admin-work.page.form.clearStart')}
          </Button>
        ) : null}
      </div>
      <FieldError error={startError} />
    </div>
  );
}
