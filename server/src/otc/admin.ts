import { row } from '../admin/visible';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { confirmOrder, merchantCancel, sweepFiat } from './service';

type Out = (line: string) => void;

export const FIAT_USAGE = `  fiat list                                     open fiat orders (status 0 awaiting payment, 1 paid)
  fiat confirm <id>                             merchant confirms: -> 2, USDT credited to the legal wallet
  fiat cancel <id>                              merchant refuses: -> -1
  fiat merchants                                merchants, rates, limits and pay ways`;

/** `admin fiat ...`; returns the exit code (2 = usage). */
export function fiatCommand(ctx: Pick<AppContext, 'db' | 'clock'>, args: string[], out: Out): number {
  const [action, idText] = args;
  if (action === 'list') {
    sweepFiat(ctx, ctx.clock.now());
    const rows = ctx.db
      .prepare(
        `SELECT o.id, u.account_number, m.name AS merchant, o.pay_way, o.amount, o.usdt_amount, o.status, o.created_at, o.pic
         FROM fiat_orders o JOIN users u ON u.id = o.user_id JOIN fiat_merchants m ON m.id = o.merchant_id
         WHERE o.status IN (0, 1) ORDER BY o.id`,
      )
      .all() as Array<Record<string, string | number | null>>;
    out(
      ['id', 'account', 'merchant', 'pay_way', 'fiat', 'usdt', 'status', 'created_at', 'screenshot'].join(
        '\t',
      ),
    );
    for (const r of rows)
      out(
        row([
          r.id,
          r.account_number,
          r.merchant,
          r.pay_way,
          r.amount,
          r.usdt_amount,
          r.status,
          isoTime(Number(r.created_at)),
          r.pic ? 'yes' : 'no',
        ]),
      );
    out(`${rows.length} open fiat order(s)`);
    return 0;
  }
  if (action === 'merchants') {
    const rows = ctx.db.prepare('SELECT * FROM fiat_merchants ORDER BY sorts, id').all() as Array<
      Record<string, string | number>
    >;
    for (const r of rows) {
      const ways = [r.alipay ? 'alipay' : '', r.wechat ? 'wechat' : '', r.bank_no ? 'bank' : '']
        .filter(Boolean)
        .join(',');
      out(row([r.id, r.name, r.rate, `${r.min}-${r.max}`, ways, r.active ? 'active' : 'inactive']));
    }
    return 0;
  }
  if ((action === 'confirm' || action === 'cancel') && idText && /^\d+$/.test(idText)) {
    if (action === 'confirm') {
      const r = confirmOrder(ctx, Number(idText));
      out(`Fiat order #${r.id}: completed, ${r.usdt_amount} USDT credited (legal wallet ${r.legal_balance})`);
    } else {
      const r = merchantCancel(ctx, Number(idText));
      out(`Fiat order #${r.id}: cancelled by the merchant`);
    }
    return 0;
  }
  return 2;
}
