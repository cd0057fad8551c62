import { canSavePayout, isFundPassword, isLoginPassword, validateKyc } from './rules';
import type { RealNameSubmission } from '../api/profileApi';

describe('validateKyc', () => {
  const full: RealNameSubmission = {
    name: 'Ann Lee',
    card_id: 'X1234567',
    card_type: 'hz',
    countryname: 'Germany',
    adress: 'Main street 1',
    front_pic: 'upl_1',
    reverse_pic: 'upl_2',
    hand_pic: 'upl_3',
  };
  it('accepts a complete form', () => {
    expect(validateKyc(full)).toBeNull();
  });
  it.each(['name', 'card_id', 'countryname', 'adress', 'front_pic', 'reverse_pic', 'hand_pic'] as const)(
    'requires %s',
    (field) => {
      expect(validateKyc({ ...full, [field]: ' ' })).toEqual({ field, problem: 'incomplete' });
    },
  );
  it('rejects digits in the name and Chinese characters or bad lengths in the ID number', () => {
    expect(validateKyc({ ...full, name: 'Ann 2' })).toEqual({ field: 'name', problem: 'nameDigits' });
    expect(validateKyc({ ...full, card_id: '身份1234' })).toEqual({
      field: 'card_id',
      problem: 'cardIdChinese',
    });
    expect(validateKyc({ ...full, card_id: 'X12' })).toEqual({ field: 'card_id', problem: 'cardIdLength' });
  });
});

describe('passwords and payout', () => {
  it('enables payout save only with a bank account', () => {
    expect(canSavePayout({})).toBe(false);
    expect(canSavePayout({ bank_account: '  ', bank_name: 'Bank' })).toBe(false);
    expect(canSavePayout({ bank_account: '6222 0000' })).toBe(true);
  });
  it('checks login and fund passwords', () => {
    expect(isLoginPassword('abc123')).toBe(true);
    expect(isLoginPassword('abcdef')).toBe(false);
    expect(isLoginPassword('ab1')).toBe(false);
    expect(isFundPassword('123456')).toBe(true);
    expect(isFundPassword('12345')).toBe(false);
    expect(isFundPassword('12345a')).toBe(false);
  });
});
