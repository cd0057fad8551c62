import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@app/shared/testing';
import { ApiError, accountApi, supportApi } from '@app/shared';
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

beforeEach(() => {
  resetAppState();
  jest.spyOn(supportApi, 'countries').mockResolvedValue(COUNTRIES);
});

describe('LoginPage', () => {
  it('asks for the account and a password of at least 6 characters', async () => {
    const login = jest.spyOn(accountApi, 'login');
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
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in, stores the session and goes home', async () => {
    const login = jest.spyOn(accountApi, 'login').mockResolvedValue('tok-1');
    const info = jest.spyOn(accountApi, 'info').mockResolvedValue(USER);
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), ' ann@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({
      user_string: 'ann@example.com',
      password: 'secret1',
      area_code_id: undefined,
    });
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    await waitFor(() => expect(window.localStorage.getItem('user_id')).toBe('42'));
    expect(info).toHaveBeenCalled();
  });

  it('disables the button while submitting and shows the translated failure', async () => {
    let fail: (error: unknown) => void = () => undefined;
    jest.spyOn(accountApi, 'login').mockReturnValue(
      new Promise<string>((_, reject) => {
        fail = reject;
      }),
    );
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrongpw');
    const button = screen.getByRole('button', { name: 'Log in' });
    await user.click(button);
    expect(button).toBeDisabled();

    await act(async () => fail(new ApiError('login.failed', 'Wrong account or password', 401)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password');
    expect(button).toBeEnabled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the area code only in phone mode and sends the country id', async () => {
    const login = jest.spyOn(accountApi, 'login').mockResolvedValue('tok-2');
    jest.spyOn(accountApi, 'info').mockResolvedValue(USER);
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
    expect(login).toHaveBeenCalledWith({ user_string: '13800138000', password: 'secret1', area_code_id: 3 });
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
