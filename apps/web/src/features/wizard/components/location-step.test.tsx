import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyLocation, type LocationState } from '../lib/wizard-state.ts';
import { renderWithClient, stubFetch } from '../test/render.tsx';
import { LocationStep, locationStepBlocker } from './location-step.tsx';

afterEach(() => vi.unstubAllGlobals());

const placed: LocationState = {
  ...emptyLocation,
  latitude: -30.0277,
  longitude: -51.2287,
  address: 'Rua dos Andradas, Porto Alegre',
  loaded: true,
};

function renderStep(location: LocationState, problemType: '' | 'LIGHT_OUT' = 'LIGHT_OUT') {
  stubFetch(() => undefined);
  const handlers = { onLocation: vi.fn(), onNext: vi.fn(), onBack: vi.fn() };
  renderWithClient(
    <LocationStep
      location={location}
      reference=""
      problemType={problemType}
      onReference={() => {}}
      onProblemType={() => {}}
      {...handlers}
    />,
  );
  return handlers;
}

describe('location step', () => {
  it('disables Next in manual mode until the location is confirmed', () => {
    renderStep({ ...placed, manual: true, confirmed: false });
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  });

  it('enables Next in manual mode once confirmed', async () => {
    const { onNext } = renderStep({ ...placed, manual: true, confirmed: true });
    const next = screen.getByRole('button', { name: 'Próximo' });
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalled();
  });

  it('asks for a confirmation before moving on outside manual mode', async () => {
    const { onNext } = renderStep({ ...placed, confirmed: false });
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(await screen.findByText('Confirme a localização antes de continuar')).toBeInTheDocument();
  });

  it('confirms the location with a toast', async () => {
    const { onLocation } = renderStep({ ...placed });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar localização' }));
    expect(onLocation).toHaveBeenCalledWith({ confirmed: true });
    expect(await screen.findByText('Localização confirmada')).toBeInTheDocument();
  });

  it('turns manual mode on with the spec toast', async () => {
    const { onLocation } = renderStep({ ...placed });
    await userEvent.click(screen.getByRole('button', { name: 'Marcar no mapa' }));
    expect(onLocation).toHaveBeenCalledWith({ manual: true, confirmed: false });
    expect(screen.getAllByText('Clique no mapa para marcar a localização').length).toBeGreaterThan(0);
  });

  it('reports a browser without geolocation', async () => {
    const { onLocation } = renderStep({ ...emptyLocation });
    expect(onLocation).toHaveBeenCalledWith({ error: 'Geolocation is not supported by this browser', loaded: true });
    expect(
      await screen.findByText('Seu navegador não oferece geolocalização. Informe a localização manualmente.'),
    ).toBeInTheDocument();
  });

  it('asks the device with high accuracy, a 10 s timeout and no cached position, and reports a refusal', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) =>
      fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { onLocation } = renderStep({ ...emptyLocation });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
    expect(onLocation).toHaveBeenCalledWith({ error: 'User denied Geolocation', loaded: true });
    expect(
      await screen.findByText('Não foi possível obter sua localização. Informe-a manualmente.'),
    ).toBeInTheDocument();
  });

  it.each([
    [emptyLocation, 'LIGHT_OUT', 'toast.location.required'],
    [placed, '', 'toast.problemType.required'],
    [placed, 'LIGHT_OUT', 'toast.location.confirmFirst'],
    [{ ...placed, confirmed: true }, 'LIGHT_OUT', null],
  ] as const)('blocks moving on with the right message (%#)', (location, problemType, key) => {
    expect(locationStepBlocker(location, problemType)).toBe(key);
  });
});
