import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { AddressSearch } from './address-search.tsx';

const LONG = 'Rua Doutor Flores, 123 - Centro Histórico, Porto Alegre, Rio Grande do Sul, Região Sul, Brasil';
const places = [
  { display_name: LONG, lat: '-30.03', lon: '-51.22' },
  { display_name: 'Rua Curta, Canoas', lat: '-29.9', lon: '-51.18' },
];

afterEach(() => vi.unstubAllGlobals());

describe('address search', () => {
  it('suggests after 3 characters, cuts long addresses at 60 characters and picks with the keyboard', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/geocode/search') ? json(places) : undefined));
    const onPick = vi.fn();
    renderWithClient(<AddressSearch onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Buscar endereço' });
    const user = userEvent.setup();

    await user.type(box, 'Ru');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(box, 'a D');
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/geocode/search?q=Rua%20D');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent(`${LONG.slice(0, 60)}...`);
    expect(options[0]?.textContent).toHaveLength(63);
    expect(screen.getByRole('listbox')).toHaveClass('max-h-60');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({ address: 'Rua Curta, Canoas', latitude: -29.9, longitude: -51.18 });
    expect(box).toHaveValue('Rua Curta, Canoas');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('clears the suggestions with Escape', async () => {
    stubFetch((url) => (url.startsWith('/api/geocode/search') ? json(places) : undefined));
    renderWithClient(<AddressSearch onPick={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'Rua Doutor');
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('reports an empty query, no result and a failed search with toasts', async () => {
    let answer = () => json([]);
    stubFetch((url) => (url.startsWith('/api/geocode/search') ? answer() : undefined));
    renderWithClient(<AddressSearch onPick={() => {}} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Buscar' });

    await user.click(button);
    expect(await screen.findByText('Digite um endereço para buscar')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox'), 'xy');
    await user.click(button);
    expect(await screen.findByText('Endereço não encontrado. Verifique e tente novamente.')).toBeInTheDocument();

    answer = () => json({ message: 'Serviço indisponível no momento' }, 502);
    await user.type(screen.getByRole('combobox'), 'z');
    await user.click(button);
    expect(await screen.findByText('Erro ao buscar o endereço. Tente novamente.')).toBeInTheDocument();
  });
});
