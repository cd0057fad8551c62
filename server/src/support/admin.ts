import { findUserByAccount } from '../accounts';
import type { AppContext } from '../context';
import { row, visible } from '../core/visible';
import { isoTime } from '../core/clock';
import { adminReply, chatThreads } from './chat';
import { pendingFeedback, replyFeedback } from './feedback';

type Out = (line: string) => void;
type Ctx = Pick<AppContext, 'store' | 'clock'>;

export const SUPPORT_USAGE = `  feedback list                                 complaints waiting for a reply
  feedback reply <id> <text>                    reply to a complaint (shown to its author)
  chat list                                     support chats, newest first
  chat reply <account|user id> <text>           answer a user in the online-service chat (live within 1 s)`;

/** The first 80 characters on one line; row() then makes any control character visible. */
const oneLine = (text: string) => [...text.replace(/\s+/g, ' ')].slice(0, 80).join('');

/** `admin feedback ...`; returns the exit code (2 = usage). */
export async function feedbackCommand(ctx: Ctx, args: string[], out: Out): Promise<number> {
  const [action, idText, ...rest] = args;
  if (action === 'list') {
    const rows = await pendingFeedback(ctx);
    for (const r of rows)
      out(row([r.id, r.account_number, isoTime(r.create_time), r.img ? 'image' : '-', oneLine(r.content)]));
    out(`${rows.length} complaint(s) waiting for a reply`);
    return 0;
  }
  const text = rest.join(' ').trim();
  if (action === 'reply' && idText && /^\d+$/.test(idText) && text) {
    await replyFeedback(ctx, Number(idText), text);
    out(`Complaint #${idText}: replied`);
    return 0;
  }
  return 2;
}

/** `admin chat ...`; returns the exit code (2 = usage). */
export async function chatCommand(ctx: Ctx, args: string[], out: Out): Promise<number> {
  const [action, who, ...rest] = args;
  if (action === 'list') {
    const rows = await chatThreads(ctx);
    for (const r of rows)
      out(
        row([r.user_id, r.account_number, r.messages, isoTime(r.last_at), r.last_from, oneLine(r.last_text)]),
      );
    out(`${rows.length} chat(s)`);
    return 0;
  }
  const text = rest.join(' ').trim();
  if (action === 'reply' && who && text) {
    const user = /^\d{1,15}$/.test(who)
      ? await ctx.store.q
          .selectFrom('users')
          .select(['id', 'account_number'])
          .where('id', '=', Number(who))
          .executeTakeFirst()
      : await findUserByAccount(ctx.store.q, who);
    if (!user) {
      out(`No account "${visible(who)}"`);
      return 1;
    }
    const message = await adminReply(ctx, user.id, text);
    out(`Chat message #${message.id} to ${visible(user.account_number)}`);
    return 0;
  }
  return 2;
}
