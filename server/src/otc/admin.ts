import { row } from '../core/visible';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { confirmOrder, merchantCancel, sweepFiat } from './service';

type Out = (line: string) => void;

export const FIAT_USAGE = `  fiat list                                     open fiat orders (status 0 awaiting payment, 1 paid)
  fiat confirm <id>                             merchant confirms: -> 2, USDT credited to the legal wallet
  fiat cancel <id>                              merchant refuses: -> -1
  fiat merchants                                merchants, rates, limits and pay ways`;

/** `admin fiat ...`; returns the exit code (2 = usage). */
export async function fiatCommand(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  args: string[],
  out: Out,
): Promise<number> {
  const [action, idText] = args;
  if (action === 'list') {
    await sweepFiat(ctx, ctx.clock.now());
    const rows = await ctx.store.q
      .selectFrom('fiat_orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .innerJoin('fiat_merchants as m', 'm.id', 'o.merchant_id')
      .select(['o.id', 'u.account_number', 'm.name as merchant', 'o.pay_way', 'o.amount', 'o.usdt_amount'])
      .select(['o.status', 'o.created_at', 'o.pic'])
      .where('o.status', 'in', [0, 1])
      .orderBy('o.id')
      .execute();
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
          isoTime(r.created_at),
          r.pic ? 'yes' : 'no',
        ]),
      );
    out(`${rows.length} open fiat order(s)`);
    return 0;
  }
  if (action === 'merchants') {
    const rows = await ctx.store.q
      .selectFrom('fiat_merchants')
      .selectAll()
      .orderBy('sorts')
      .orderBy('id')
      .execute();
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
      const r = await confirmOrder(ctx, Number(idText));
      out(`Fiat order #${r.id}: completed, ${r.usdt_amount} USDT credited (legal wallet ${r.legal_balance})`);
    } else {
      const r = await merchantCancel(ctx, Number(idText));
      out(`Fiat order #${r.id}: cancelled by the merchant`);
    }
    return 0;
  }
  return 2;
}
