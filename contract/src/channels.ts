import { z } from 'zod';
import { decimal } from './fields';
import { leverOrderView, leverTradePayload } from './lever';
import { candle, cryptoQuote, depthView, futuresQuote, scheduleView, tradeView } from './market';
import { microOrderView } from './seconds';
import { chatMessage } from './support';

/**
 * Socket.io (`/socket.io`): client events with their payloads and acknowledgements, and every
 * channel the server emits (the event is named after the channel).
 */

const filterValue = z.union([z.string().trim().min(1).max(40), z.number().int().nonnegative()]);

/** `sub` / `unsub` payload. Filter values match as text (symbols case-insensitive, periods lower-case). */
export const subscription = z.object({
  channel: z.string().trim().min(1).max(60),
  currency_id: filterValue.optional(),
  legal_id: filterValue.optional(),
  symbol: filterValue.optional(),
  period: filterValue.optional(),
});
export type Subscription = z.infer<typeof subscription>;

/** `login`: `{token}` or the bare token (a `Bearer ` prefix is accepted). */
export const socketLogin = z.union([z.object({ token: z.string() }), z.string()]);
/** `chat_login` (support chat page): the signed chat token. */
export const chatLogin = z.object({ t: z.string() });

/** Acknowledgement of `sub`, `unsub`, `login`, `chat_login`. */
export const socketAck = z.object({ ok: z.boolean(), code: z.string().optional() });

export const PUBLIC_CHANNELS = [
  'daymarket',
  'futures',
  'futures_kline',
  'kline',
  'market_depth',
  'market_detail',
] as const;
export const USER_CHANNELS = ['lever_trade', 'closed_microorder'] as const;
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];
export type UserChannel = (typeof USER_CHANNELS)[number];

/** `market_schedule_<currency id>` and `market_schedule_<NAME>`. */
export const SCHEDULE_CHANNEL = /^market_schedule_[A-Za-z0-9]{1,20}$/;

/** `kline` / `futures_kline`: the current candle of a period (`change` = close vs open, %). */
export const klinePayload = candle.extend({
  symbol: z.string(),
  period: z.string(),
  change: decimal,
  currency_id: z.number().int(),
  legal_id: z.number().int(),
});

/** `market_detail`: the trades since the last emit, newest first. */
export const marketDetailPayload = z.object({
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  data: z.array(tradeView),
});

/** Payload of every channel and server event, by name. */
export const CHANNEL_PAYLOADS = {
  daymarket: cryptoQuote,
  futures: futuresQuote,
  kline: klinePayload,
  futures_kline: klinePayload,
  market_depth: depthView,
  market_detail: marketDetailPayload,
  market_schedule: scheduleView,
  lever_trade: leverTradePayload,
  closed_microorder: microOrderView,
  support_chat: chatMessage,
  /** To a chat socket just before the server disconnects it: its token no longer holds. */
  support_chat_ended: z.object({ code: z.literal('chat.token_invalid') }),
  session_expired: z.object({ type: z.literal('999'), code: z.literal('session.invalid') }),
} as const;
export type ChannelName = keyof typeof CHANNEL_PAYLOADS;
export type ChannelPayload<C extends ChannelName> = z.infer<(typeof CHANNEL_PAYLOADS)[C]>;

/** The payload schema of an emitted event name (`market_schedule_*` share one). */
export function channelPayload(event: string): z.ZodType | undefined {
  if (SCHEDULE_CHANNEL.test(event)) return CHANNEL_PAYLOADS.market_schedule;
  return (CHANNEL_PAYLOADS as Record<string, z.ZodType>)[event];
}

/** JSON array text of lever rows (`lever_trade`'s `trades_all` / `trades_entrust`), read as rows. */
const leverRowsText = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON text' });
      return z.NEVER;
    }
  })
  .pipe(z.array(leverOrderView));

/**
 * What a client reads from each channel: the payloads above, with the JSON text the spec puts
 * inside `lever_trade` read into rows by the same schema. The server emits CHANNEL_PAYLOADS.
 */
export const CLIENT_CHANNEL_PAYLOADS = {
  ...CHANNEL_PAYLOADS,
  lever_trade: leverTradePayload.extend({ trades_all: leverRowsText, trades_entrust: leverRowsText }),
} as const;
export type ClientChannelPayload<C extends ChannelName> = z.output<(typeof CLIENT_CHANNEL_PAYLOADS)[C]>;

/** The schema a client parses an emitted event with (`market_schedule_*` share one). */
export function clientChannelPayload(event: string): z.ZodType | undefined {
  if (SCHEDULE_CHANNEL.test(event)) return CLIENT_CHANNEL_PAYLOADS.market_schedule;
  return (CLIENT_CHANNEL_PAYLOADS as Record<string, z.ZodType>)[event];
}
