import {
  amountSuggestions,
  expectedProfit,
  formatCountdown,
  formatMicroBalance,
  phaseOf,
  remainingMs,
  toLive,
  validateSeconds,
  type SecondsOrder,
} from './seconds';
import { tradeMessages } from '../../trading';

const order: SecondsOrder = {
  id: 1,
  type: 1,
  status: 1,
  symbol_name: 'BTC/USDT',
  currency_name: 'USDT',
  number: '100',
  seconds: 30,
  profit_ratio: '80',
  open_price: '65000',
  remain_milli_seconds: 30000,
  match_id: 1,
  currency_id: 3,
  end_price: null,
  fact_profits: null,
  result: null,
  created_at: '2026-11-22T08:00:00.000Z',
  end_at: '2026-11-22T08:00:30.000Z',
  complete_at: null,
  open_seq: 1,
  open_trade_time: '2026-11-22T08:00:00.000Z',
  end_seq: null,
  end_trade_time: null,
};

describe('seconds figures (doc 1 §9)', () => {
  it('expected profit = number x profit_ratio / 100, exact', () => {
    expect(expectedProfit('100', '80')).toBe('80');
    expect(expectedProfit('0.001', '85')).toBe('0.00085');
    expect(expectedProfit('33.33', '95')).toBe('31.6635');
    expect(expectedProfit('', '80')).toBeNull();
  });
  it('micro balance: 6 decimals for BTC, else 2, truncated', () => {
    expect(formatMicroBalance('0.1234569', 'BTC')).toBe('0.123456');
    expect(formatMicroBalance('2999.999', 'USDT')).toBe('2999.99');
    expect(formatMicroBalance(undefined, 'USDT')).toBe('0.00');
  });
  it('amount must be above 1e-8 (footer.openNum)', () => {
    expect(validateSeconds('')).toBe(tradeMessages.openNum);
    expect(validateSeconds('0.00000001')).toBe(tradeMessages.openNum);
    expect(validateSeconds('10')).toBeNull();
  });
  it('suggests allowed amounts starting with the input', () => {
    expect(amountSuggestions('1', ['10', '50', '100', '500', '1000'])).toEqual(['10', '100', '1000']);
    expect(amountSuggestions('', ['10', '50'])).toEqual(['10', '50']);
  });
  it('counts down from the local receive time, then settles', () => {
    const live = toLive(order, 1_000);
    expect(remainingMs(live, 1_000)).toBe(30000);
    expect(remainingMs(live, 11_200)).toBe(19800);
    expect(formatCountdown(19800)).toBe('00:20');
    expect(phaseOf(live, 30_999)).toBe(1);
    expect(phaseOf(live, 31_000)).toBe(2);
    expect(remainingMs(live, 99_000)).toBe(0);
    expect(phaseOf({ ...live, status: 3 }, 2_000)).toBe(3);
    expect(formatCountdown(61000)).toBe('01:01');
  });
});
