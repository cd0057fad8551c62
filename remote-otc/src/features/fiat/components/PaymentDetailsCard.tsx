import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { FiatOrder } from '../api/fiatApi';
import { payWayLabel } from '../model/messages';

function Row({ label, value }: { label: ReactNode; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The matched merchant's payment details for the way the buyer chose. */
export function PaymentDetailsCard({ order }: { order: FiatOrder }) {
  const { t, i18n } = useLingui();
  const way = i18n._(payWayLabel[order.pay_way]);
  const qr =
    order.pay_way === 'alipay' ? order.alipayCode : order.pay_way === 'wechat' ? order.wechatCode : '';
  return (
    <Card variant="outlined" component="section" aria-label={t`Payment details`}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          <Trans>Pay the merchant by {way}</Trans>
        </Typography>
        <Row label={<Trans>Merchant</Trans>} value={order.merchant_name} />
        {order.pay_way === 'bank' && (
          <>
            <Row label={<Trans>Bank</Trans>} value={order.bankName} />
            <Row label={<Trans>Card number</Trans>} value={order.bankNo} />
            <Row label={<Trans>Branch</Trans>} value={order.bankAddress} />
          </>
        )}
        {order.pay_way === 'alipay' && <Row label={<Trans>Alipay account</Trans>} value={order.alipay} />}
        {order.pay_way === 'wechat' && <Row label={<Trans>WeChat account</Trans>} value={order.wechat} />}
        {qr ? (
          <Box sx={{ textAlign: 'center', mt: 1 }}>
            <Box component="img" src={qr} alt={t`Payment code`} sx={{ width: 160, height: 160 }} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
