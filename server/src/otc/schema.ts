export interface SeedMerchant {
  id: number;
  name: string;
  rate: string;
  min: string;
  max: string;
  alipay: string;
  wechat: string;
  bank_no: string;
  bank_name: string;
  bank_address: string;
}

export const SEED_MERCHANTS: readonly SeedMerchant[] = [
  {
    id: 1,
    name: 'Teal OTC',
    rate: '7.20',
    min: '100',
    max: '50000',
    alipay: 'tealotc@alipay.example',
    wechat: 'tealotc_pay',
    bank_no: '6222 0210 0111 2233 445',
    bank_name: 'Industrial Bank of Example',
    bank_address: 'Harbour Road Branch, Shanghai',
  },
  {
    id: 2,
    name: 'Harbor Desk',
    rate: '7.22',
    min: '500',
    max: '200000',
    alipay: '',
    wechat: '',
    bank_no: '6217 0000 9988 7766 554',
    bank_name: 'Example Merchants Bank',
    bank_address: 'Pearl Street Branch, Shenzhen',
  },
  {
    id: 3,
    name: 'Quick Pay',
    rate: '7.25',
    min: '100',
    max: '20000',
    alipay: 'quickpay@alipay.example',
    wechat: 'quickpay_wx',
    bank_no: '',
    bank_name: '',
    bank_address: '',
  },
];
