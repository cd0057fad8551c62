import { availableOf, coinAmount, totalAssetsUsd, walletTotal, walletViews } from './wallets';
import { validateTransfer } from './transfer';
import { maxWithdrawable, validateAddress, validateWithdrawal, type WithdrawalInput } from './withdrawal';
import { WALLETS } from '../../../testing/fixtures';

describe('wallet figures', () => {
  it('sums the four usdt_totle to 2 decimals, truncated', () => {
    expect(totalAssetsUsd(WALLETS)).toBe('51123.45');
  });

  it('truncates wallet totals to 4 decimals and coins to 2 (USDT) or 6 decimals', () => {
    const [change] = walletViews(WALLETS);
    expect(change && walletTotal(change)).toBe('46123.4567');
    expect(coinAmount('10000.129', 'USDT')).toBe('10000.12');
    expect(coinAmount('0.12345679', 'BTC')).toBe('0.123456');
    expect(coinAmount('5', 'ETH')).toBe('5.000000');
  });

  it('reads the available balance of a wallet and coin', () => {
    expect(availableOf(WALLETS, 'change', 3)).toBe('10000.129');
    expect(availableOf(WALLETS, 'lever', 3)).toBe('5000');
    expect(availableOf(WALLETS, 'micro', 1)).toBe('0');
  });
});

describe('validateTransfer', () => {
  const base = { from: 'change', to: 'lever', amount: '10', available: '100' } as const;
  it('accepts an amount within the available balance', () => {
    expect(validateTransfer(base)).toBeNull();
    expect(validateTransfer({ ...base, amount: '100' })).toBeNull();
  });
  it('rejects the same wallet, empty, zero, malformed and too large amounts', () => {
    expect(validateTransfer({ ...base, to: 'change' })).toBe('sameWallet');
    expect(validateTransfer({ ...base, amount: ' ' })).toBe('amountRequired');
    expect(validateTransfer({ ...base, amount: '0' })).toBe('amountInvalid');
    expect(validateTransfer({ ...base, amount: '-1' })).toBe('amountInvalid');
    expect(validateTransfer({ ...base, amount: '1e3' })).toBe('amountInvalid');
    expect(validateTransfer({ ...base, amount: '100.0000001' })).toBe('amountExceeds');
  });
});

describe('validateWithdrawal', () => {
  const base: WithdrawalInput = {
    limit: { min: '10', max: '100000', fee: '1' },
    addressId: 7,
    amount: '20',
    available: '21',
    fundPassword: '123456',
    fundPasswordSet: true,
  };
  it('accepts a valid withdrawal (amount + fee within the balance)', () => {
    expect(validateWithdrawal(base)).toBeNull();
  });
  it('checks address, amount bounds, fee and fund password', () => {
    expect(validateWithdrawal({ ...base, addressId: null })).toBe('addressRequired');
    expect(validateWithdrawal({ ...base, amount: '' })).toBe('amountRequired');
    expect(validateWithdrawal({ ...base, amount: 'abc' })).toBe('amountInvalid');
    expect(validateWithdrawal({ ...base, amount: '9.99' })).toBe('belowMinimum');
    expect(validateWithdrawal({ ...base, amount: '100001', available: '1000000' })).toBe('aboveMaximum');
    expect(validateWithdrawal({ ...base, amount: '20.5' })).toBe('insufficient');
    expect(validateWithdrawal({ ...base, fundPasswordSet: false })).toBe('fundPasswordNotSet');
    expect(validateWithdrawal({ ...base, fundPassword: '12345' })).toBe('fundPasswordRule');
    expect(validateWithdrawal({ ...base, fundPassword: '12345a' })).toBe('fundPasswordRule');
  });
  it('computes the most that can be withdrawn (available - fee, capped by the maximum)', () => {
    const limit = { min: '10', max: '100000', fee: '1' };
    expect(maxWithdrawable('21.5', limit)).toBe('20.5');
    expect(maxWithdrawable('0.5', limit)).toBe('0');
    expect(maxWithdrawable('200000', limit)).toBe('100000');
  });
  it('checks addresses and labels', () => {
    expect(validateAddress('', '')).toBe('addressRequired');
    expect(validateAddress('abc def ghi', '')).toBe('addressInvalid');
    expect(validateAddress('abc', '')).toBe('addressInvalid');
    expect(validateAddress('0xabcdef123', 'my-wallet')).toBe('labelInvalid');
    expect(validateAddress('0xabcdef123', 'Main1')).toBeNull();
    expect(validateAddress('rXrpAddress01', 'Main1', 'XRP')).toBe('labelDigits');
    expect(validateAddress('rXrpAddress01', '123456', 'XRP')).toBeNull();
  });
});
