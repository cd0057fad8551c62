import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Link } from './router';

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search} state ${JSON.stringify(location.state)}`}</p>;
}

function renderAt(url: string, link: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      {link}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('points at the route and navigates inside the app on a plain click, with its state', () => {
    renderAt(
      '/',
      <Link to="/trade?mode=1" state={{ from: 'home' }}>
        Trade
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Trade' });
    expect(link).toHaveAttribute('href', '/trade?mode=1');
    fireEvent.click(link);
    expect(screen.getByText('at /trade?mode=1 state {"from":"home"}')).toBeInTheDocument();
  });

  it('resolves a relative path against the current route', () => {
    render(
      <MemoryRouter initialEntries={['/wallet']}>
        <Routes>
          <Route path="/wallet" element={<Link to="logs">Logs</Link>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/wallet/logs');
  });

  it('leaves a modified click, another target and a prevented click to the browser', () => {
    const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
        <Link to="/c" onClick={onClick}>
          C
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText('at / state null')).toBeInTheDocument();
  });
});
