import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { fundLogReason, fundLogReasonText } from './messages';

describe('fund log reasons', () => {
  it('has a text for every ledger reason code of the server', () => {
    const source = fs.readFileSync(
      path.resolve(__dirname, '../../../../../server/src/wallet/reasons.ts'),
      'utf8',
    );
    const block = source.slice(source.indexOf('LEDGER_REASONS = {'), source.indexOf('} as const'));
    const codes = [...block.matchAll(/^\s{2}([a-z_]+):/gm)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(25);
    expect(codes.filter((code) => !code || !(code in fundLogReason))).toEqual([]);
  });

  it('shows an unknown code as sent', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(fundLogReasonText(i18n, 'something_new')).toBe('something_new');
    expect(fundLogReasonText(i18n, 'lockup_interest')).toBe('Lock-up mining interest');
    expect(fundLogReasonText(i18n, 'toString')).toBe('toString');
  });
});
