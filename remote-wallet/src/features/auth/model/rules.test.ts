import { ApiError } from '@app/shared';
import { COUNTRIES } from '../../../testing/fixtures';
import {
  countryLabel,
  defaultCountry,
  hasProblems,
  isAccountValid,
  isEmail,
  isPhone,
  loginPasswordOk,
  normalizeAccount,
  passwordRuleOk,
  passwordsMatch,
  resendWaitSeconds,
  validateLogin,
  validateNewPassword,
} from './rules';

describe('e-mail and phone', () => {
  it.each(['ann@example.com', ' a.b+c@mail.co.uk ', 'x@y.io'])('accepts %p', (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each([
    '',
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'a b@c.com',
    'ann@@example.com',
    'ann@example.',
  ])('rejects %p', (value) => {
    expect(isEmail(value)).toBe(false);
  });
  it('accepts phone numbers of 5 to 15 digits, ignoring separators', () => {
    expect(isPhone('12345')).toBe(true);
    expect(isPhone('(415) 555-0100')).toBe(true);
    expect(isPhone('1234')).toBe(false);
    expect(isPhone('1234567890123456')).toBe(false);
    expect(isPhone('555-CALL')).toBe(false);
  });
  it('checks the account by mode and normalizes it', () => {
    expect(isAccountValid('email', 'ann@example.com')).toBe(true);
    expect(isAccountValid('phone', 'ann@example.com')).toBe(false);
    expect(isAccountValid('phone', '415 555 0100')).toBe(true);
    expect(normalizeAccount('phone', ' 415-555-0100 ')).toBe('4155550100');
    expect(normalizeAccount('email', ' Ann@Example.com ')).toBe('Ann@Example.com');
  });
});

describe('passwords', () => {
  it('login only needs 6 characters (doc 1 §5)', () => {
    expect(loginPasswordOk('12345')).toBe(false);
    expect(loginPasswordOk('123456')).toBe(true);
  });
  it('new passwords are 6 to 16 characters with letters and digits', () => {
    expect(passwordRuleOk('abc123')).toBe(true);
    expect(passwordRuleOk('Abcdefgh12345678')).toBe(true);
    expect(passwordRuleOk('abc12')).toBe(false); // 5
    expect(passwordRuleOk('Abcdefgh123456789')).toBe(false); // 17
    expect(passwordRuleOk('abcdefgh')).toBe(false); // no digit
    expect(passwordRuleOk('12345678')).toBe(false); // no letter
    expect(passwordRuleOk('abc 123')).toBe(false); // space
    expect(passwordRuleOk('abc!123')).toBe(true);
  });
  it('the two entries must match', () => {
    expect(passwordsMatch('abc123', 'abc123')).toBe(true);
    expect(passwordsMatch('abc123', 'abc124')).toBe(false);
  });
  it('reports the rule before the mismatch', () => {
    expect(validateNewPassword('abc', 'xyz')).toEqual({ password: 'password_rule' });
    expect(validateNewPassword('abc123', 'abc124')).toEqual({ repeat: 'passwords_differ' });
    expect(validateNewPassword('abc123', 'abc123')).toEqual({});
  });
});

describe('validateLogin', () => {
  it('asks for the account and a 6-character password', () => {
    expect(validateLogin('  ', '123')).toEqual({ account: 'enter_account', password: 'password_short' });
    expect(validateLogin('ann', '123456')).toEqual({});
    expect(hasProblems(validateLogin('ann', '12345'))).toBe(true);
    expect(hasProblems({ account: undefined })).toBe(false);
  });
});

describe('resendWaitSeconds', () => {
  it('reads the wait of a 429 code.resend_wait, rounded up', () => {
    expect(resendWaitSeconds(new ApiError('code.resend_wait', 'wait', 429, 42.2))).toBe(43);
    expect(resendWaitSeconds(new ApiError('code.resend_wait', 'wait', 429))).toBeNull();
    expect(resendWaitSeconds(new ApiError('code.invalid', 'nope', 400, 5))).toBeNull();
    expect(resendWaitSeconds(new Error('boom'))).toBeNull();
  });
});

describe('countries', () => {
  it('labels in Chinese for zh and hk, in English otherwise', () => {
    const china = COUNTRIES[1]!;
    expect(countryLabel(china, 'en')).toBe('China +86');
    expect(countryLabel(china, 'zh')).toBe('中国 +86');
    expect(countryLabel(china, 'hk')).toBe('中国 +86');
    expect(countryLabel(china, 'jp')).toBe('China +86');
  });
  it('defaults to +1', () => {
    expect(defaultCountry([...COUNTRIES].reverse())?.area_code).toBe('1');
    expect(defaultCountry([COUNTRIES[1]!])?.area_code).toBe('86');
    expect(defaultCountry([])).toBeNull();
  });
});
