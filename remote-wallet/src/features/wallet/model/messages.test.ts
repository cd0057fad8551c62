import { wallet } from '@app/contract';
import { setupI18n } from '@lingui/core';
import { fundLogReason, fundLogReasonText } from './messages';

describe('fund log reasons', () => {
  it('has a text for every ledger reason code of the contract', () => {
    const codes = Object.keys(wallet.LEDGER_REASONS);
    expect(codes.length).toBeGreaterThan(25);
    expect(codes.filter((code) => !(code in fundLogReason))).toEqual([]);
  });

  it('shows an unknown code as sent', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(fundLogReasonText(i18n, 'something_new')).toBe('something_new');
    expect(fundLogReasonText(i18n, 'lockup_interest')).toBe('Lock-up mining interest');
    expect(fundLogReasonText(i18n, 'toString')).toBe('toString');
  });
});
