// The app's Link and NavLink navigate as React Router's did: in the page on a plain click, not on a
// modified one or with reloadDocument, and NavLink marks the link of the page a person is on.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from './link.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

function renderAt(url: string, links: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('goes to its address in the page, with its state, after its own onClick', () => {
    const onClick = vi.fn();
    renderAt(
      '/',
      <Link to="/track/7?t=x" state={{ from: 'home' }} onClick={onClick}>
        Track
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Track' });
    expect(link).toHaveAttribute('href', '/track/7?t=x');
    expect(fireEvent.click(link)).toBe(false);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where')).toHaveTextContent('/track/7?t=x {"from":"home"}');
  });

  it('leaves a modified click, a prevented one and reloadDocument to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" onClick={(event) => event.preventDefault()}>
          B
        </Link>
        <Link to="/c" reloadDocument>
          C
        </Link>
      </>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'A' }), { ctrlKey: true })).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(fireEvent.click(screen.getByRole('link', { name: 'C' }))).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/ null');
  });
});

describe('NavLink', () => {
  it('is the current page on its address and below it, unless end', () => {
    renderAt(
      '/admin/requests/12',
      <>
        <NavLink to="/admin/requests" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Requests
        </NavLink>
        <NavLink to="/admin/requests" end>
          Exact
        </NavLink>
        <NavLink to="/admin/request">Prefix</NavLink>
      </>,
    );
    const requests = screen.getByRole('link', { name: 'Requests' });
    expect(requests).toHaveAttribute('aria-current', 'page');
    expect(requests).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Exact' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Prefix' })).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByRole('link', { name: 'Exact' }));
    expect(screen.getByRole('link', { name: 'Exact' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Exact' })).toHaveClass('active');
  });
});
