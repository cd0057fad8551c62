import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  MemoryRouter,
  RouterProvider,
  createMemoryRouter,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { useNavigate } from './navigate';

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

/** Buttons that navigate; what the function returned is shown. */
function Buttons() {
  const navigate = useNavigate();
  const show = (value: unknown) => {
    document.title = value === undefined ? 'returned nothing' : 'returned something';
  };
  return (
    <>
      <button type="button" onClick={() => show(navigate('/trade?mode=1'))}>
        Trade
      </button>
      <button type="button" onClick={() => show(navigate(-1))}>
        Back
      </button>
      <Where />
    </>
  );
}

const routes: RouteObject[] = [{ path: '*', element: <Buttons /> }];

describe('useNavigate', () => {
  beforeEach(() => {
    document.title = '';
  });

  it('navigates (a path, then back) and returns nothing, under a plain router', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Buttons />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Trade' }));
    expect(screen.getByText('at /trade?mode=1')).toBeInTheDocument();
    expect(document.title).toBe('returned nothing');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('returns nothing under a data router too, whose navigate returns a promise', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Trade' })));
    expect(await screen.findByText('at /trade?mode=1')).toBeInTheDocument();
    expect(document.title).toBe('returned nothing');
  });

  it('handles a navigation that fails: reported, not an unhandled rejection', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const failure = new Error('the route module did not load');
    jest.spyOn(router, 'navigate').mockRejectedValue(failure);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Trade' })));
      // Unhandled rejections are reported after the microtasks of the task that made them.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(logged).toHaveBeenCalledWith('[router] navigation failed', failure);
      expect(unhandled).not.toHaveBeenCalled();
      expect(screen.getByText('at /')).toBeInTheDocument();
    } finally {
      process.off('unhandledRejection', unhandled);
      jest.restoreAllMocks();
    }
  });
});
