import { otc } from '@app/contract';
import { columnAs } from './column';

describe('columnAs', () => {
  it('gives the column value as the contract type when it is one of its literals', () => {
    const status: otc.FiatStatus = columnAs(otc.fiatStatus, -1, 'fiat_orders.status');
    expect(status).toBe(-1);
  });

  it('refuses a value outside the contract, naming the column and the value', () => {
    expect(() => columnAs(otc.fiatStatus, 5, 'fiat_orders.status (order 7)')).toThrow(
      'fiat_orders.status (order 7) holds 5, which the contract does not allow',
    );
  });
});
