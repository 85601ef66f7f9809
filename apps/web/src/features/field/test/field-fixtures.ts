// What the field app's tests share: a crew's day, a stop's answer from the sync, and the
// day's stops as the server would send them after a change.
import type { CrewActionResult, CrewDay, CrewStop } from '@acende/shared/schemas/crew';

export const stopOne: CrewStop = {
  id: 11,
  position: 1,
  requestId: 1205,
  inScope: true,
  status: 'open',
  updatedAt: '2026-11-30T10:00:00.000Z',
  address: 'Rua dos Andradas, 1234',
  reference: 'Em frente à farmácia',
  problemType: 'LIGHT_OUT',
  description: 'Apagada há uma semana',
  poleNumber: 'P-0042',
  latitude: -30.03,
  longitude: -51.23,
  dueAt: '2026-11-29T12:00:00.000Z',
  overdue: true,
  arrivedAt: null,
  finishedAt: null,
  outcome: null,
  reason: null,
  notes: null,
};

export const stopTwo: CrewStop = {
  ...stopOne,
  id: 12,
  position: 2,
  requestId: 1190,
  address: 'Avenida Borges de Medeiros, 500',
  reference: null,
  problemType: 'NO_LAMP',
  poleNumber: null,
  latitude: -30.04,
  longitude: -51.22,
  dueAt: null,
  overdue: false,
  updatedAt: '2026-11-30T09:00:00.000Z',
};

export function crewDay(day: string, stops: CrewStop[] = [stopOne, stopTwo]): CrewDay {
  return {
    day,
    crew: { id: 4, name: 'Equipe Norte', companyId: 2, companyName: 'CEEE' },
    workOrders: stops.length
      ? [{ id: 31, day, state: 'planned', crewName: 'Equipe Norte', companyName: 'CEEE', stops }]
      : [],
    materials: [
      { id: 1, companyId: 2, name: 'Lâmpada LED 100W', unit: 'un', active: true },
      { id: 2, companyId: 2, name: 'Cabo', unit: 'm', active: true },
    ],
    companies: [{ id: 3, name: 'RGE' }],
  };
}

export const result = (
  key: string,
  outcome: CrewActionResult['result'],
  stop: CrewStop | null = null,
  message: string | null = null,
): CrewActionResult => ({ key, result: outcome, stop, message });
