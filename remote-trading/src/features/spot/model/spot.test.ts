import { sliderQuantity, spotTotal, validateSpot } from './spot';
import { tradeMessages } from '../../trading';

describe('spot slider (doc 1 §5)', () => {
  const balances = { legal: '1000', currency: '0.123456789' };
  it('buy: legal balance / price x percent, 5 decimals truncated', () => {
    // 1000 / 65000 = 0.0153846153..., x 50% = 0.00769230769...
    expect(sliderQuantity('buy', 50, balances, '65000')).toBe('0.00769');
    expect(sliderQuantity('buy', 100, balances, '3')).toBe('333.33333');
    expect(sliderQuantity('buy', 25, { legal: '0.1', currency: '0' }, '0.3')).toBe('0.08333');
  });
  it('sell: currency balance x percent, truncated not rounded', () => {
    expect(sliderQuantity('sell', 100, balances, '65000')).toBe('0.12345');
    expect(sliderQuantity('sell', 75, balances, '')).toBe('0.09259');
    expect(sliderQuantity('sell', 50, { legal: '0', currency: '0.00001999' }, '1')).toBe('0.00000');
  });
  it('is empty at 0 % or without a price to buy at', () => {
    expect(sliderQuantity('buy', 0, balances, '65000')).toBe('');
    expect(sliderQuantity('buy', 50, balances, '')).toBe('');
    expect(sliderQuantity('buy', 50, balances, '0')).toBe('');
  });
});

describe('spot total (doc 1 §9)', () => {
  it('is price x quantity, exact', () => {
    expect(spotTotal('0.1', '0.2')).toBe('0.02');
    expect(spotTotal('65000.12', '0.00769')).toBe('499.8509228');
    expect(spotTotal('', '1')).toBeNull();
    expect(spotTotal('1', '0')).toBeNull();
  });
});

describe('spot validation (doc 1 §5)', () => {
  it('asks for the price first, then the quantity, by side', () => {
    expect(validateSpot('buy', '', '1')).toBe(tradeMessages.inprice);
    expect(validateSpot('sell', '0', '1')).toBe(tradeMessages.outprice);
    expect(validateSpot('buy', '1', '')).toBe(tradeMessages.innumber);
    expect(validateSpot('sell', '1', '0')).toBe(tradeMessages.outnumber);
    expect(validateSpot('sell', '1', '0.00001')).toBeNull();
  });
});
