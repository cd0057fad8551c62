import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiFailure,
  hold,
  renderPage,
  stubNetwork,
  type FetchAnswer,
  type FetchRoutes,
} from '@app/shared/testing';
import RegisterPage from './RegisterPage';
import LoginPage from './LoginPage';
import { COUNTRIES, resetAppState } from '../testing/fixtures';

/** The country list, `routes` adding the test's own answers. */
function stub(routes: FetchRoutes = {}) {
  return stubNetwork({ 'GET /api/country/list': () => COUNTRIES, ...routes });
}

function setup(url = '/register', options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  renderPage(<RegisterPage />, { url, path: '/register', otherRoutes: { '/login': <p>Login screen</p> } });
  return user;
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail address'), 'new@example.com');
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.type(screen.getByLabelText('Password'), 'abc123');
  await user.type(screen.getByLabelText('Repeat password'), 'abc123');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the user agreement' }));
}

// Typing-heavy tests: leave room on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => {
  resetAppState();
  stub();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('RegisterPage', () => {
  it('prefills the invitation code from the code query parameter', async () => {
    setup('/register?code=INV42');
    expect(await screen.findByLabelText('Invitation code (optional)')).toHaveValue('INV42');
  });

  it('keeps submit disabled while the account is empty or the agreement is unticked', async () => {
    const user = setup();
    const submit = await screen.findByRole('button', { name: 'Register' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    expect(submit).toBeDisabled();
    const agree = screen.getByRole('checkbox', { name: 'I have read and agree to the user agreement' });
    await user.click(agree);
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText('E-mail address'));
    expect(submit).toBeDisabled();
  });

  it('needs a well-formed e-mail before sending the code', async () => {
    const net = stub({ 'POST /api/sms_mail': () => 'code sent' });
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Please enter a valid e-mail address',
    );
    expect(net.to('POST /api/sms_mail')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('counts down 60 s after sending, then lets the user send again', async () => {
    jest.useFakeTimers();
    const net = stub({ 'POST /api/sms_mail': () => 'code sent' });
    const user = setup('/register', { advanceTimers: jest.advanceTimersByTime });
    await user.type(await screen.findByLabelText('E-mail address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('button', { name: '60 s' })).toBeDisabled();
    expect(net.to('POST /api/sms_mail').map((c) => c.body)).toEqual([
      { user_string: 'new@example.com', lang: 'en', type: 'register' },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Verification code sent');

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '59 s' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(58_000));
    expect(screen.getByRole('button', { name: '1 s' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it("uses the server's wait after a 429 resend_wait", async () => {
    jest.useFakeTimers();
    stub({
      'POST /api/sms_mail': () =>
        apiFailure('code.resend_wait', 'Please wait before requesting another code', 12.4),
    });
    const user = setup('/register', { advanceTimers: jest.advanceTimersByTime });
    await user.type(await screen.findByLabelText('E-mail address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('button', { name: '13 s' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please wait before requesting another code');
    act(() => jest.advanceTimersByTime(13_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('sends phone codes with the area code', async () => {
    const net = stub({ 'POST /api/sms_send': () => 'code sent' });
    const user = setup();
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    const select = await screen.findByLabelText('Country or region');
    await screen.findByRole('option', { name: 'China +86' });
    await user.selectOptions(select, 'China +86');
    await user.type(screen.getByLabelText('Phone number'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: '60 s' })).toBeDisabled();
    expect(net.to('POST /api/sms_send').map((c) => c.body)).toEqual([
      { user_string: '13800138000', lang: 'en', type: 'register', country_code: '86' },
    ]);
  });

  it('checks the password rule and that the two passwords match', async () => {
    const net = stub({ 'POST /api/user/register': () => 'registered' });
    const user = setup();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Repeat password'));
    await user.type(screen.getByLabelText('Repeat password'), 'abc124');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Repeat password')).toHaveAccessibleDescription('The two passwords differ');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password 6 to 16 characters, letters and digits',
    );
    expect(net.to('POST /api/user/register')).toHaveLength(0);
  });

  it('registers and goes to the login screen', async () => {
    const net = stub({ 'POST /api/user/register': () => 'registered' });
    const user = setup('/register?code=INV42');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(net.to('POST /api/user/register').map((c) => c.body)).toEqual([
      {
        type: 'email',
        country_code: '',
        user_string: 'new@example.com',
        code: '123456',
        password: 'abc123',
        re_password: 'abc123',
        extension_code: 'INV42',
      },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Registration successful, please log in');
  });

  it('shows a translated failure and stays', async () => {
    stub({ 'POST /api/user/register': () => apiFailure('invite.invalid', 'Invalid invitation code') });
    const user = setup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong invitation code');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('links to login', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});

describe('RegisterPage at the network edge', () => {
  it('a double tap registers once, and the login page opens with the new account filled in', async () => {
    const answer = hold<FetchAnswer<'POST /api/user/register'>>();
    const net = stub({ 'POST /api/user/register': () => answer.promise });
    const user = userEvent.setup();
    renderPage(<RegisterPage />, {
      url: '/register',
      path: '/register',
      otherRoutes: { '/login': <LoginPage /> },
    });
    await fillValidForm(user);
    const button = screen.getByRole('button', { name: 'Register' });
    act(() => {
      button.click();
      button.click();
    });
    await act(async () => answer.release('registered'));
    expect(await screen.findByLabelText('E-mail address')).toHaveValue('new@example.com');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(net.to('POST /api/user/register')).toHaveLength(1);
    expect(screen.queryByText(/already/i)).not.toBeInTheDocument();
  });
});
