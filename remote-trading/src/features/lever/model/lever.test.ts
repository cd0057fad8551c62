import {
  contractValue,
  fee,
  handSuggestions,
  handValue,
  liquidationPrice,
  margin,
  multiplesOf,
  openPrice,
  profitAt,
  stepStop,
  validateLever,
} from './lever';
import { tradeMessages } from '../../trading';

const base = {
  price: '72392.72',
  hands: '3',
  multiple: '20',
  spread: '0.05',
  feeRate: '0.1',
  shareNum: '0.01',
};

describe('leveraged figures (doc 1 §9)', () => {
  it('open price adds the spread for a long and takes it for a short', () => {
    // 72392.72 x 0.05 / 100 = 36.19636
    expect(openPrice(1, '72392.72', '0.05')).toBe('72428.91636');
    expect(openPrice(2, '72392.72', '0.05')).toBe('72356.52364');
  });
  it('margin = (price ± spread x price / 100) x hands x per hand / multiple, 8 decimals truncated', () => {
    // 72428.91636 x 3 x 0.01 / 20 = 108.64337454
    expect(margin({ ...base, type: 1 })).toBe('108.64337454');
    // 72356.52364 x 3 x 0.01 / 20 = 108.53478546
    expect(margin({ ...base, type: 2 })).toBe('108.53478546');
    // 100.015 x 1 x 1 / 3 = 33.33833333... -> truncated
    expect(
      margin({ ...base, type: 1, price: '100', spread: '0.015', hands: '1', shareNum: '1', multiple: '3' }),
    ).toBe('33.33833333');
  });
  it('fee = that notional x lever_trade_fee / 100', () => {
    // 72428.91636 x 3 x 0.01 x 0.1 / 100 = 2.1728674908 -> 2.17286749
    expect(fee({ ...base, type: 1 })).toBe('2.17286749');
    // 72356.52364 x 0.03 x 0.001 = 2.1706957092 -> 2.17069570
    expect(fee({ ...base, type: 2 })).toBe('2.1706957');
  });
  it('contract value = price x hands x per hand; one hand = share num x now price', () => {
    expect(contractValue('72392.72', '3', '0.01')).toBe('2171.7816');
    expect(handValue('0.01', '72392.72')).toBe('723.9272');
    expect(contractValue('72392.72', '', '0.01')).toBeNull();
  });
  it('is null while an input is missing', () => {
    expect(margin({ ...base, type: 1, hands: '' })).toBeNull();
    expect(margin({ ...base, type: 1, multiple: '0' })).toBeNull();
    expect(fee({ ...base, type: 1, price: '' })).toBeNull();
  });
  it('profit of a long and a short, and the liquidation price where the loss reaches the margin', () => {
    expect(profitAt(1, '100', '110.5', '2', '0.5')).toBe('10.5');
    expect(profitAt(2, '100', '110.5', '2', '0.5')).toBe('-10.5');
    expect(liquidationPrice(1, '100', '20')).toBe('95');
    expect(liquidationPrice(2, '100', '20')).toBe('105');
    // The loss at the liquidation price equals the margin: 100 x 2 x 0.5 / 20 = 5.
    expect(profitAt(1, '100', '95', '2', '0.5')).toBe('-5');
  });
});

describe('leveraged validation and inputs (doc 1 §5, §9)', () => {
  it('checks price, hands, multiple in order, each above 1e-8', () => {
    expect(validateLever('0.00000001', '1', '20')).toBe(tradeMessages.pprice);
    expect(validateLever('1', '0', '20')).toBe(tradeMessages.phand);
    expect(validateLever('1', '1', '')).toBe(tradeMessages.ptimes);
    expect(validateLever('0.00000002', '1', '20')).toBeNull();
  });
  it('suggests at most 6 hand counts that start with the input', () => {
    const shares = ['1', '2', '5', '10', '20', '50', '100', '200', '500', '1000'];
    expect(handSuggestions('', shares)).toEqual(['1', '2', '5', '10', '20', '50']);
    expect(handSuggestions('1', shares)).toEqual(['1', '10', '100', '1000']);
    expect(handSuggestions('7', shares)).toEqual([]);
  });
  it('offers the server multiples, else 20, 50, 100, 200', () => {
    expect(multiplesOf([{ value: 10 }, { value: 25 }])).toEqual(['10', '25']);
    expect(multiplesOf([])).toEqual(['20', '50', '100', '200']);
    expect(multiplesOf(undefined)).toEqual(['20', '50', '100', '200']);
  });
  it('steps stops by 0.01 with 2 decimals and never to 0 (lever.thanzone)', () => {
    expect(stepStop('65000', 1)).toEqual({ value: '65000.01', error: null });
    expect(stepStop('0.02', -1)).toEqual({ value: '0.01', error: null });
    expect(stepStop('0.01', -1)).toEqual({ value: '0.01', error: tradeMessages.thanzone });
    expect(stepStop('0.015', -1)).toEqual({ value: '0.015', error: tradeMessages.thanzone });
    expect(stepStop('', 1)).toEqual({ value: '0.01', error: null });
  });
});
