// The work order form's state: crew, day and "overdue first" in react-hook-form, the area and
// the start point from the map beside them; checked with the API's own schema before sending,
// and the server's refusals put under their fields or, when they name none, above the form.
import type { Area, WorkOrder, WorkOrderInput } from '@acende/shared/schemas/work-orders';
import { workOrderInputSchema } from '@acende/shared/schemas/work-orders';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { serviceDay } from '../../lib/service-day.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { payloadResolver } from '../ui/form-binding.ts';
import { useCreateWorkOrder } from './create-work-order.ts';

export interface WorkOrderFormValues {
  crewId: string;
  day: string;
  overdueFirst: boolean;
  /** Not a control: where the errors of the requests or the area show. */
  selection: string;
  /** Not a control: where the start point's error shows. */
  start: string;
}

export interface MapChoice {
  area: Area | null;
  start: { lat: number; lng: number } | null;
}

/** Where a payload path's error shows on the form. */
const fieldOf = (path: string): keyof WorkOrderFormValues =>
  path.startsWith('requestIds') || path.startsWith('area')
    ? 'selection'
    : path.startsWith('start')
      ? 'start'
      : (path as keyof WorkOrderFormValues);

const SERVER_FIELDS = { crewId: 'crewId', day: 'day', requestIds: 'selection', area: 'selection', start: 'start' };

/** What the form sends: the chosen requests when there are, else the map's area. */
export function workOrderPayload(
  values: WorkOrderFormValues,
  requestIds: number[] | undefined,
  choice: MapChoice,
): WorkOrderInput {
  return {
    crewId: values.crewId === '' ? 0 : Number(values.crewId),
    day: values.day,
    overdueFirst: values.overdueFirst,
    ...(requestIds ? { requestIds } : { area: choice.area ?? undefined }),
    ...(choice.start ? { start: choice.start } : {}),
  };
}

export function useWorkOrderForm(requestIds: number[] | undefined, onCreated: (order: WorkOrder) => void) {
  const { t } = useTranslation();
  const create = useCreateWorkOrder();
  const [choice, setChoice] = useState<MapChoice>({ area: null, start: null });
  // The resolver is read when the form is sent: the ref holds the map's latest choice.
  const latest = useRef(choice);
  latest.current = choice;
  const [problem, setProblem] = useState<string | null>(null);

  const check = payloadResolver<WorkOrderFormValues>(
    workOrderInputSchema,
    (values) => workOrderPayload(values, requestIds, latest.current),
    fieldOf,
  );
  const resolver: Resolver<WorkOrderFormValues> = async (values, context, options) => {
    const result = await check(values, context, options);
    const errors = { ...result.errors };
    if (values.crewId === '') errors.crewId = { type: 'required', message: t('admin-work.page.form.crewRequired') };
    if (!requestIds && !latest.current.area) {
      errors.selection = { type: 'required', message: t('admin-work.page.form.areaRequired') };
    }
    return Object.keys(errors).length === 0 ? result : { values: {}, errors };
  };
  const form = useForm<WorkOrderFormValues>({
    resolver,
    defaultValues: { crewId: '', day: serviceDay(), overdueFirst: false, selection: '', start: '' },
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    create.mutate(workOrderPayload(values, requestIds, latest.current), {
      onSuccess: onCreated,
      onError: (error) => {
        const applied = applyServerErrors(error, form.setError, SERVER_FIELDS);
        if (applied.length === 0) setProblem(errorMessage(error, t('common.errors.generic')));
      },
    });
  });

  return { form, choice, setChoice, problem, submit, pending: create.isPending };
}
