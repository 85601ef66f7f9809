import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationMapProps } from '../../../components/map/location-map.tsx';
import { emptyLocation, type LocationState } from '../lib/wizard-state.ts';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { LocationStep, locationStepErrors } from './location-step.tsx';

// Leaflet does not run in jsdom: the map stands in as a button that does what Enter on the
// focused map does, a pin at the centre, the centre moving between presses.
vi.mock('../../../components/map/location-map.tsx', () => {
  const centres = [
    [-30.1, -51.2],
    [-30.2, -51.3],
  ] as const;
  let pressed = 0;
  return {
    default: ({ onKeyboardPick }: LocationMapProps) => (
      <button
        type="button"
        onClick={() => {
          const [lat, lon] = centres[pressed++ % centres.length] ?? centres[0];
          onKeyboardPick?.(lat, lon, 16);
        }}
      >
        Enter on the map
      </button>
    ),
  };
});

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
  it('says the reference is optional in its label, and the problem type is required', () => {
    renderStep(placed);
    expect(screen.getByLabelText('Ponto de referência (opcional)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Tipo de problema/)).toBeRequired();
  });

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
    expect(screen.getByRole('button', { name: 'Confirmar localização' })).toHaveAccessibleDescription(
      'Confirme a localização antes de continuar',
    );
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
    [emptyLocation, 'LIGHT_OUT', ['public.toast.location.required']],
    [emptyLocation, '', ['public.toast.location.required', 'public.toast.problemType.required']],
    [placed, '', ['public.toast.location.confirmFirst', 'public.toast.problemType.required']],
    [placed, 'LIGHT_OUT', ['public.toast.location.confirmFirst']],
    [{ ...placed, confirmed: true }, 'LIGHT_OUT', []],
  ] as const)('blocks moving on with every reason, in the page order (%#)', (location, problemType, keys) => {
    expect(locationStepErrors(location, problemType).map((error) => error.key)).toEqual(keys);
  });

  it('puts the reasons in an error summary that takes the focus, each a link to its control', async () => {
    const user = userEvent.setup();
    const { onNext } = renderStep({ ...placed }, '');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(onNext).not.toHaveBeenCalled();
    const summary = screen.getByRole('alert', { name: 'Há um problema' });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Confirme a localização antes de continuar',
      'Selecione o tipo de problema',
    ]);
    // Each control says its error too, and the link puts the focus on it.
    const problem = screen.getByLabelText(/^Tipo de problema/);
    expect(problem).toHaveAttribute('aria-invalid', 'true');
    expect(problem).toHaveAccessibleDescription('Selecione o tipo de problema');
    await user.click(links[1] as HTMLElement);
    expect(problem).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Confirme a localização antes de continuar' }));
    expect(screen.getByRole('button', { name: 'Confirmar localização' })).toHaveFocus();
  });

  it('links "select a location" to the address search box', async () => {
    const user = userEvent.setup();
    renderStep({ ...emptyLocation, loaded: true });
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await user.click(screen.getByRole('link', { name: 'Selecione uma localização para continuar' }));
    const box = screen.getByRole('combobox', { name: 'Buscar endereço' });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('Selecione uma localização para continuar');
  });
});

describe('location step, pin dropped by keyboard', () => {
  it('announces each drop by its coordinates, then the address found for the last one', async () => {
    const lookups = new Map<string, (address: string) => void>();
    stubFetch((url) => {
      if (url === '/api/site') {
        return json({ tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '', map: placed });
      }
      if (url.startsWith('/api/geocode')) {
        return new Promise<Response>((resolve) => {
          lookups.set(url, (address) => resolve(json({ display_name: address })));
        });
      }
      return undefined;
    });
    renderWithClient(<DroppingByKeyboard />);
    const drop = await screen.findByRole('button', { name: 'Enter on the map' });

    await userEvent.click(drop);
    const live = await screen.findByText(/^Ponto marcado no centro do mapa/);
    expect(live).toHaveAttribute('role', 'status');
    expect(live).toHaveTextContent(
      'Ponto marcado no centro do mapa (latitude -30.100000, longitude -51.200000). Buscando o endereço...',
    );
    const first = live.textContent;

    // A second drop before the first address arrives is said again, in other words.
    await userEvent.click(drop);
    expect(live).toHaveTextContent('(latitude -30.200000, longitude -51.300000)');
    expect(live.textContent).not.toBe(first);

    // The first point's late answer says nothing; the second's replaces "looking up".
    expect([...lookups.keys()]).toEqual([
      '/api/geocode?lat=-30.1000000&lon=-51.2000000',
      '/api/geocode?lat=-30.2000000&lon=-51.3000000',
    ]);
    lookups.get('/api/geocode?lat=-30.1000000&lon=-51.2000000')?.('Rua A, Porto Alegre');
    lookups.get('/api/geocode?lat=-30.2000000&lon=-51.3000000')?.('Rua B, Porto Alegre');
    await waitFor(() => expect(live).toHaveTextContent('Endereço do ponto marcado: Rua B, Porto Alegre'));
    expect(screen.getByTestId('selected-address')).toHaveTextContent('Rua B, Porto Alegre');
  });
});

/** The step with its location kept in state, as the wizard keeps it. */
function DroppingByKeyboard() {
  const [location, setLocation] = useState<LocationState>(placed);
  const onLocation = useCallback((patch: Partial<LocationState>) => setLocation((old) => ({ ...old, ...patch })), []);
  return (
    <LocationStep
      location={location}
      reference=""
      problemType="LIGHT_OUT"
      onLocation={onLocation}
      onReference={() => {}}
      onProblemType={() => {}}
      onBack={() => {}}
      onNext={() => {}}
    />
  );
}
