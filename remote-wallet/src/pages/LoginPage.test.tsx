// Answered at the network edge (fetch): the page logs in through the session service.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiFailure,
  hold,
  mockFetch,
  renderPage,
  type ContractRoute,
  type FetchAnswer,
  type FetchMock,
} from '@app/shared/testing';
import LoginPage from './LoginPage';
import { COUNTRIES, USER, resetAppState } from '../testing/fixtures';

function setup() {
  const user = userEvent.setup();
  renderPage(<LoginPage />, {
    url: '/login',
    title: 'Log in',
    otherRoutes: {
      '/': <p>Home screen</p>,
      '/register': <p>Register screen</p>,
      '/forget': <p>Forget screen</p>,
    },
  });
  return user;
}

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

let net: FetchMock;
/** The login's answer (a token, or a failure); the user info answers USER. */
let loginAnswer: ContractRoute<'POST /api/user/login'> = () => 'tok-1';

beforeEach(() => {
  resetAppState();
  loginAnswer = () => 'tok-1';
  net = mockFetch({
    'GET /api/country/list': () => COUNTRIES,
    'POST /api/user/login': (body, call) => loginAnswer(body, call),
    'GET /api/user/info': () => USER,
  });
});
afterEach(() => net.restore());

const logins = () => net.to('POST /api/user/login').map((c) => c.body);

describe('LoginPage', () => {
  it('asks for the account and a password of at least 6 characters', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('Please enter your account');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter a password of at least 6 characters',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your account');

    await user.type(screen.getByLabelText('E-mail address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('E-mail address')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter a password of at least 6 characters',
    );
    expect(logins()).toEqual([]);
  });

  it('logs in, stores the session and goes home', async () => {
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), ' ann@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(logins()).toEqual([{ user_string: 'ann@example.com', password: 'secret1', type: 1 }]);
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    await waitFor(() => expect(window.localStorage.getItem('user_id')).toBe('42'));
    expect(net.to('GET /api/user/info')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('disables the button while submitting and shows the translated failure', async () => {
    const answer = hold<FetchAnswer<'POST /api/user/login'>>();
    loginAnswer = () => answer.promise;
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrongpw');
    const button = screen.getByRole('button', { name: 'Log in' });
    await user.click(button);
    expect(button).toBeDisabled();

    await act(async () => answer.release(apiFailure('login.failed', 'Wrong account or password')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password');
    expect(button).toBeEnabled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the area code only in phone mode and sends the country id', async () => {
    loginAnswer = () => 'tok-2';
    const user = setup();
    await screen.findByLabelText('E-mail address');
    expect(screen.queryByLabelText('Country or region')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    const select = await screen.findByLabelText('Country or region');
    await waitFor(() => expect(select).toHaveDisplayValue('United States +1'));
    await user.selectOptions(select, 'China +86');
    await user.type(screen.getByLabelText('Phone number'), '138 0013 8000');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(logins()).toEqual([{ user_string: '13800138000', password: 'secret1', area_code_id: 3, type: 1 }]);
  });

  it('shows and hides the password', async () => {
    const user = setup();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'abc123');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to forgot password and register', async () => {
    const user = setup();
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/forget', '/register']);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Register' }));
    expect(await screen.findByText('Register screen')).toBeInTheDocument();
  });
});
