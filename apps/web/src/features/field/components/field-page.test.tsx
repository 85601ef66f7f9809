// The crew's app at /campo as a crew uses it: the day's stops, an action done without signal
// kept on the phone and sent once when the signal returns, and the office's conflicting
// change shown to the crew before anything is sent again.
import type { CrewActionInput } from '@acende/shared/schemas/crew';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../lib/field-store.ts';
import { crewDay, result, stopOne, stopTwo } from '../test/field-fixtures.ts';
import { json, posts, renderField, setOnline, stubApi } from '../test/render-field.tsx';

const dayAnswer = (url: string) => (url.startsWith('/api/crew/day?day=') ? json(crewDay(url.slice(-10))) : undefined);
const sentActions = (calls: ReturnType<typeof stubApi>) =>
  posts(calls, '/api/crew/sync').map((call) => (call.body as { actions: CrewActionInput[] }).actions);

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('the field app', () => {
  it('shows the day’s work order with its stops in order, their badges and a navigation link', async () => {
    stubApi((_method, url) => dayAnswer(url));
    renderField();
    expect(await screen.findByRole('heading', { name: 'Ordem de serviço nº 31' })).toBeInTheDocument();
    const stops = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('heading'));
    expect(stops.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '1Parada 1: Rua dos Andradas, 1234',
      '2Parada 2: Avenida Borges de Medeiros, 500',
    ]);
    const first = within(stops[0]!);
    expect(first.getByText('Atrasada')).toBeInTheDocument();
    expect(first.getByText('Lâmpada apagada · Poste P-0042')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /^Navegar\s*até a parada 1/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-30.03,-51.23',
    );
    expect(screen.getByTestId('connection')).toHaveTextContent('Com sinal');
    expect(screen.getByTestId('pending')).toHaveTextContent('Tudo enviado');
  });

  it('says so when the day has no work orders', async () => {
    stubApi((_method, url) => (url.startsWith('/api/crew/day') ? json(crewDay(url.slice(-10), [])) : undefined));
    renderField();
    expect(await screen.findByText('Nenhuma ordem de serviço para hoje')).toBeInTheDocument();
  });

  it('sends a signed-out crew to the sign-in page', async () => {
    stubApi((_method, url) => (url.startsWith('/api/crew/day') ? json({ message: 'Entre' }, 401) : undefined));
    renderField();
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });

  it('queues "Cheguei" without signal, shows it waiting, and sends it once when the signal returns', async () => {
    const user = userEvent.setup();
    // The server as it is: once the arrival is applied, the day it sends has it too (the app
    // reads the day again after a sync).
    let arrivedAt: string | null = null;
    const calls = stubApi((method, url, body) => {
      if (method === 'POST' && url === '/api/crew/sync') {
        const { actions } = body as { actions: CrewActionInput[] };
        arrivedAt = actions[0]?.at ?? null;
        return json({
          results: actions.map((action) => result(action.key, 'applied', { ...stopOne, arrivedAt: action.at })),
        });
      }
      if (url.startsWith('/api/crew/day?day='))
        return json(crewDay(url.slice(-10), [{ ...stopOne, arrivedAt }, stopTwo]));
      return undefined;
    });
    renderField();
    await user.click(await screen.findByRole('link', { name: /Rua dos Andradas/ }));
    setOnline(false);
    expect(screen.getByTestId('connection')).toHaveTextContent('Sem sinal');
    await user.click(screen.getByRole('button', { name: 'Cheguei' }));
    expect(await screen.findByTestId('pending')).toHaveTextContent('1 ação aguardando sinal');
    expect(screen.getByText('Aguardando sinal para enviar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cheguei' })).not.toBeInTheDocument();
    expect(sentActions(calls)).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('pending')).toHaveTextContent('Tudo enviado'));
    expect(sentActions(calls)).toEqual([
      [{ key: 'key-0001', stopId: 11, kind: 'arrive', seenUpdatedAt: stopOne.updatedAt, at: expect.any(String) }],
    ]);
    // The stop as the server now has it: arrived, nothing waiting.
    expect(screen.getByText(/^Chegada às/)).toBeInTheDocument();
    expect(screen.queryByText('Aguardando sinal para enviar')).not.toBeInTheDocument();
  });

  it('records a repair with a photo and materials: the photo goes up first, then the action naming it', async () => {
    const user = userEvent.setup();
    const calls = stubApi((method, url, body) => {
      if (method === 'PUT' && url.startsWith('/api/crew/photos/'))
        return json({ key: url.slice(-8), width: 1, height: 1 });
      if (method === 'POST' && url === '/api/crew/sync') {
        const { actions } = body as { actions: CrewActionInput[] };
        return json({
          results: actions.map((action) => result(action.key, 'applied', { ...stopOne, outcome: 'fixed' })),
        });
      }
      return dayAnswer(url);
    });
    renderField(`/campo?parada=${stopOne.id}`);
    await user.click(await screen.findByRole('button', { name: 'Consertado' }));
    await user.type(screen.getByLabelText(/^Observações/), 'Lâmpada trocada');
    await user.upload(screen.getByLabelText('Tirar foto'), new File(['jpeg'], 'poste.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'Foto 1 do conserto' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Lâmpada LED 100W (un)'), '2');
    await user.click(screen.getByRole('button', { name: 'Registrar conserto' }));
    await waitFor(() => expect(sentActions(calls)).toHaveLength(1));
    const order = calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
    expect(order).toEqual(['PUT /api/crew/photos/key-0001', 'POST /api/crew/sync']);
    expect(sentActions(calls)[0]).toEqual([
      expect.objectContaining({
        key: 'key-0002',
        kind: 'fix',
        notes: 'Lâmpada trocada',
        materials: [{ materialId: 1, quantity: 2 }],
        photoKeys: ['key-0001'],
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Ordem de serviço nº 31' })).toBeInTheDocument();
  });

  it('lets go of a removed photo’s preview at once, not only of the photos left when the form goes', async () => {
    const user = userEvent.setup();
    const { createObjectURL, revokeObjectURL } = URL;
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:campo-photo-1'), revokeObjectURL: revoke });
    try {
      stubApi((_method, url) => dayAnswer(url));
      renderField(`/campo?parada=${stopOne.id}`);
      await user.click(await screen.findByRole('button', { name: 'Consertado' }));
      await user.upload(screen.getByLabelText('Tirar foto'), new File(['jpeg'], 'poste.jpg', { type: 'image/jpeg' }));
      await user.click(await screen.findByRole('button', { name: 'Remover foto 1' }));
      expect(screen.queryByRole('img', { name: 'Foto 1 do conserto' })).not.toBeInTheDocument();
      expect(revoke).toHaveBeenCalledWith('blob:campo-photo-1');
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('shows the office’s change as a conflict, and sends again only when the crew asks', async () => {
    const user = userEvent.setup();
    const office = { ...stopOne, status: 'in_progress', updatedAt: '2026-11-30T15:00:00.000Z', notes: 'Poste isolado' };
    let conflict = true;
    const calls = stubApi((method, url, body) => {
      if (method === 'POST' && url === '/api/crew/sync') {
        const { actions } = body as { actions: CrewActionInput[] };
        const answer = conflict ? 'conflict' : 'applied';
        conflict = false;
        return json({ results: actions.map((action) => result(action.key, answer, office)) });
      }
      return dayAnswer(url);
    });
    renderField(`/campo?parada=${stopOne.id}`);
    await user.click(await screen.findByRole('button', { name: 'Não foi possível' }));
    await user.click(screen.getByRole('radio', { name: 'Não é da nossa rede' }));
    await user.selectOptions(screen.getByLabelText(/De qual concessionária/), 'RGE');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));

    const item = await screen.findByRole('listitem', { name: /^Não foi possível — parada 1/ });
    expect(within(item).getByText('Situação agora: Em andamento')).toBeInTheDocument();
    expect(within(item).getByText('Observações: Poste isolado')).toBeInTheDocument();
    expect(screen.getByTestId('pending')).toHaveTextContent('Tudo enviado');
    expect(sentActions(calls)).toHaveLength(1);

    await user.click(within(item).getByRole('button', { name: 'Enviar mesmo assim' }));
    await waitFor(() => expect(sentActions(calls)).toHaveLength(2));
    expect(sentActions(calls)[1]).toEqual([
      expect.objectContaining({
        key: 'key-0002',
        kind: 'not_possible',
        reason: 'not_ours',
        proposedCompanyId: 3,
        seenUpdatedAt: office.updatedAt,
      }),
    ]);
    await waitFor(() => expect(screen.queryByText('Precisa da sua atenção')).not.toBeInTheDocument());
  });

  it('offers no “Enviar mesmo assim” when the office has closed the request: it could only conflict again', async () => {
    const user = userEvent.setup();
    const office = { ...stopOne, status: 'completed', updatedAt: '2026-11-30T15:00:00.000Z' };
    const calls = stubApi((method, url, body) => {
      if (method === 'POST' && url === '/api/crew/sync') {
        const { actions } = body as { actions: CrewActionInput[] };
        return json({ results: actions.map((action) => result(action.key, 'conflict', office)) });
      }
      return dayAnswer(url);
    });
    renderField(`/campo?parada=${stopOne.id}`);
    await user.click(await screen.findByRole('button', { name: 'Cheguei' }));
    const item = await screen.findByRole('listitem', { name: /^Chegada — parada 1/ });
    expect(within(item).getByText('Situação agora: Concluída')).toBeInTheDocument();
    expect(within(item).getByText(/A solicitação já está encerrada/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Enviar mesmo assim' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByText('Precisa da sua atenção')).not.toBeInTheDocument());
    expect(sentActions(calls)).toHaveLength(1);
  });

  it('opens the day kept on the phone when the network does not answer, saying when it was updated', async () => {
    const store = createMemoryStore();
    const day = crewDay('2026-11-30');
    await store.saveDay({ data: day, savedAt: '2026-11-30T10:15:00.000Z' });
    stubApi(() => undefined);
    setOnline(false);
    renderField('/campo?dia=2026-11-30', store);
    expect(await screen.findByTestId('day-freshness')).toHaveTextContent('Sem conexão — atualizado às 07:15');
    expect(screen.getByRole('heading', { name: 'Ordem de serviço nº 31' })).toBeInTheDocument();
  });

  it('says nothing is kept when a day was never downloaded and there is no signal', async () => {
    stubApi(() => undefined);
    setOnline(false);
    renderField('/campo?dia=2026-11-29');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sem conexão e nenhum dado deste dia guardado no celular',
    );
  });
});
