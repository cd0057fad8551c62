import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, renderPage, stubNetwork, type FetchRoutes } from '@app/shared/testing';
import ForgetPage from './ForgetPage';
import { COUNTRIES, resetAppState } from '../testing/fixtures';

/** The country list and successful answers of every call of the page, `routes` replacing some. */
function stub(routes: FetchRoutes = {}) {
  return stubNetwork({
    'GET /api/country/list': () => COUNTRIES,
    'POST /api/sms_mail': () => 'code sent',
    'POST /api/user/check_email': () => 'code valid',
    'POST /api/user/check_mobile': () => 'code valid',
    'POST /api/user/forget': () => 'password reset',
    ...routes,
  });
}

function setup(options: Parameters<typeof userEvent.setup>[0] = {}, url = '/forget') {
  const user = userEvent.setup(options);
  renderPage(<ForgetPage />, { url, otherRoutes: { '/login': <p>Login screen</p> } });
  return user;
}

/** The step the visible stepper marks as current. */
function activeStep(): Element | null {
  return document.querySelector('[aria-current="step"]');
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

describe('ForgetPage', () => {
  it('keeps Next disabled while the account or the code is empty', async () => {
    const user = setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(activeStep()).toHaveTextContent('Verify account');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail address'), 'ann@example.com');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    expect(next).toBeEnabled();
    await user.clear(screen.getByLabelText('E-mail address'));
    expect(next).toBeDisabled();
  });

  it('rejects an account that does not follow the rules', async () => {
    const net = stub();
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'ann.example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'The e-mail or phone number does not follow the rules',
    );
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(net.to('POST /api/sms_mail')).toHaveLength(0);
    expect(net.to('POST /api/user/check_email')).toHaveLength(0);
    expect(activeStep()).toHaveTextContent('Verify account');
  });

  it('stays on step 1 when the code is wrong', async () => {
    stub({ 'POST /api/user/check_email': () => apiFailure('code.invalid', 'Wrong verification code') });
    const user = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'ann@example.com');
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong verification code');
    expect(activeStep()).toHaveTextContent('Verify account');
  });

  it('verifies the code, sets the new password, clears the session and goes to /login after 2 s', async () => {
    jest.useFakeTimers();
    window.localStorage.setItem('token', 'old-token');
    window.localStorage.setItem('user_id', '42');
    const net = stub();
    const sent = (route: 'POST /api/sms_mail' | 'POST /api/user/check_email' | 'POST /api/user/forget') =>
      net.to(route).map((c) => c.body);
    const user = setup({ advanceTimers: jest.advanceTimersByTime }, '/Forget');

    await user.type(await screen.findByLabelText('E-mail address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: '60 s' })).toBeDisabled();
    expect(sent('POST /api/sms_mail')).toEqual([
      { user_string: 'ann@example.com', lang: 'en', type: 'forget' },
    ]);

    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2
    const password = await screen.findByLabelText('New password');
    expect(sent('POST /api/user/check_email')).toEqual([
      { user_string: 'ann@example.com', email_code: '654321' },
    ]);
    expect(activeStep()).toHaveTextContent('Set new password');
    await user.type(password, 'newpass1');
    await user.type(screen.getByLabelText('Repeat new password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Repeat new password')).toHaveAccessibleDescription(
      'The two passwords differ',
    );
    expect(sent('POST /api/user/forget')).toEqual([]);

    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Finished: your password has been reset')).toBeInTheDocument();
    expect(sent('POST /api/user/forget')).toEqual([
      {
        country_code: '',
        account: 'ann@example.com',
        password: 'newpass1',
        repassword: 'newpass1',
        code: '654321',
      },
    ]);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user_id')).toBeNull();

    act(() => jest.advanceTimersByTime(1900));
    expect(screen.queryByText('Login screen')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByText('Login screen')).toBeInTheDocument();
  });

  it('verifies phone accounts with their area code', async () => {
    const net = stub();
    const user = setup();
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await screen.findByRole('option', { name: 'China +86' });
    await user.selectOptions(screen.getByLabelText('Country or region'), 'China +86');
    await user.type(screen.getByLabelText('Phone number'), '13800138000');
    await user.type(screen.getByLabelText('Verification code'), '111222');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('New password'), 'abc123');
    expect(net.to('POST /api/user/check_mobile').map((c) => c.body)).toEqual([
      { user_string: '13800138000', country_code: '86', mobile_code: '111222' },
    ]);

    await user.type(screen.getByLabelText('Repeat new password'), 'abc123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Finished: your password has been reset')).toBeInTheDocument();
    expect(net.to('POST /api/user/forget').map((c) => c.body)).toEqual([
      {
        country_code: '86',
        account: '13800138000',
        password: 'abc123',
        repassword: 'abc123',
        code: '111222',
      },
    ]);
  });

  it('links back to login', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });
});
