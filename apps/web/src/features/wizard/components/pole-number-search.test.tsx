import type { PoleLookup } from '@acende/shared/schemas/poles';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationMapProps } from '../../../components/map/location-map.tsx';
import { setLanguage } from '../../../lib/i18n.ts';
import { emptyLocation, type LocationState } from '../lib/wizard-state.ts';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { LocationStep } from './location-step.tsx';

// Leaflet does not run in jsdom: the map stands in as a button that drops a pin.
vi.mock('../../../components/map/location-map.tsx', () => ({
  default: ({ onKeyboardPick }: LocationMapProps) => (
    <button type="button" onClick={() => onKeyboardPick?.(-30.2, -51.3, 16)}>
      Enter on the map
    </button>
  ),
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const placed: LocationState = {
  ...emptyLocation,
  latitude: -30.0277,
  longitude: -51.2287,
  address: 'Rua dos Andradas, Porto Alegre',
  loaded: true,
};

const pole: PoleLookup = {
  id: 12,
  companyId: 1,
  number: 'PA-0042',
  latitude: -30.03,
  longitude: -51.23,
  companyName: 'CEEE',
  street: null,
  openRequestId: 7,
};

function stubApi() {
  return stubFetch((url) => {
    if (url === '/api/site')
      return json({ tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '', map: placed });
    if (url === '/api/energy-companies') {
      return json([
        { id: 1, name: 'CEEE', fullName: 'CEEE Equatorial', colorClass: '', iconClass: '' },
        { id: 2, name: 'RGE', fullName: 'RGE Sul', colorClass: '', iconClass: '' },
      ]);
    }
    if (url === '/api/poles/1/PA-0042') return json(pole);
    if (url.startsWith('/api/poles/')) {
      return json({ message: 'Nenhum poste em serviço tem este número nesta concessionária' }, 404);
    }
    if (url.startsWith('/api/geocode')) return json({ display_name: 'Rua do Poste, Porto Alegre' });
    return undefined;
  });
}

/** The step with its location and pole kept in state, as the wizard keeps them. */
function Harness({ onPole }: { onPole: (pole: PoleLookup | null) => void }) {
  const [location, setLocation] = useState<LocationState>(placed);
  const [chosen, setChosen] = useState<PoleLookup | null>(null);
  const onLocation = useCallback((patch: Partial<LocationState>) => setLocation((old) => ({ ...old, ...patch })), []);
  return (
    <MemoryRouter>
      <LocationStep
        location={location}
        reference=""
        problemType="LIGHT_OUT"
        onLocation={onLocation}
        pole={chosen}
        onPole={(found) => {
          onPole(found);
          setChosen(found);
        }}
        onReference={() => {}}
        onProblemType={() => {}}
        onBack={() => {}}
        onNext={() => {}}
      />
    </MemoryRouter>
  );
}

// Typing by userEvent, field by field, takes a while in jsdom.
describe('location step, a pole by its number', { timeout: 20_000 }, () => {
  it('refuses a malformed number without asking, and a number no pole has with the server words, at the field', async () => {
    const fetchMock = stubApi();
    const onPole = vi.fn();
    renderWithClient(<Harness onPole={onPole} />);
    const toggle = screen.getByRole('button', { name: 'Sei o número do poste' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const company = await screen.findByLabelText(/^Concessionária do poste/);
    await screen.findByRole('option', { name: /RGE/ });
    const number = screen.getByLabelText(/^Número do poste/);

    // No company chosen (two to choose from): the company field says so and takes the focus.
    await userEvent.type(number, 'PA-0042');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar poste' }));
    expect(company).toHaveFocus();
    expect(company).toHaveAccessibleDescription('Selecione a concessionária do poste');
    // The refusal is a key read as it is drawn: it follows a change of language.
    await setLanguage('en');
    await waitFor(() => expect(company).toHaveAccessibleDescription("Select the pole's energy company"));
    await setLanguage('pt');

    await userEvent.selectOptions(company, '1');
    await userEvent.clear(number);
    await userEvent.type(number, 'PA/0042{Enter}');
    expect(number).toHaveFocus();
    expect(number).toHaveAccessibleDescription(
      /Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste$/,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/poles/'))).toBe(false);
    // Focus was on the field already: the refusal is said in the status as well.
    expect(
      await screen.findByText('Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste', {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();

    await userEvent.clear(number);
    await userEvent.type(number, 'PA-9999{Enter}');
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription(/Nenhum poste em serviço tem este número nesta concessionária$/),
    );
    expect(number).toHaveFocus();
    expect(
      await screen.findByText('Nenhum poste em serviço tem este número nesta concessionária', {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();
    expect(onPole).not.toHaveBeenCalled();
  });

  it('chooses the pole typed as read from the plate: its place, confirmed, the warning of its open request', async () => {
    const fetchMock = stubApi();
    const onPole = vi.fn();
    renderWithClient(<Harness onPole={onPole} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sei o número do poste' }));
    await screen.findByRole('option', { name: /RGE/ });
    await userEvent.selectOptions(screen.getByLabelText(/^Concessionária do poste/), '1');
    await userEvent.type(screen.getByLabelText(/^Número do poste/), ' pa 0042 {Enter}');

    const card = await screen.findByTestId('selected-pole');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/poles/1/PA-0042');
    expect(onPole).toHaveBeenLastCalledWith(pole);
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveTextContent('Poste PA-0042 · CEEE');
    expect(screen.getByText('Poste PA-0042 da CEEE selecionado. A localização é a do poste.')).toHaveAttribute(
      'role',
      'status',
    );
    // No street in the registry: the address is the geocoder's for the pole's place.
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent('Rua do Poste, Porto Alegre'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/geocode?lat=-30.0300000&lon=-51.2300000');
    expect(screen.getByTestId('location-confirmed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acompanhar a solicitação nº 7' })).toHaveAttribute('href', '/track/7');

    // A point chosen another way is no longer the pole's.
    await userEvent.click(await screen.findByRole('button', { name: 'Enter on the map' }));
    expect(onPole).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('selected-pole')).not.toBeInTheDocument();
  });
});
