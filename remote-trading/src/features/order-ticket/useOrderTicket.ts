import { useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { apiErrorMessage, notify } from '@app/shared';
import { tradeMessages } from '../trading';

type ToastSeverity = NonNullable<Parameters<typeof notify>[1]>;

/** What a form's check gives: the order to confirm, a rule it breaks, or nothing to say. */
export type TicketCheck<O> =
  | { order: O }
  /** A rule of the spec (doc 1 §5), shown as a toast. */
  | { problem: MessageDescriptor }
  /** Typed text that is not a valid amount: already explained under its field. */
  | null;

export interface OrderTicketOptions<O, R> {
  /** The api call that places (or revokes, closes) the order; passed in, never imported here. */
  place: (order: O) => Promise<R>;
  /** The toast after the call succeeded (its tone defaults to success). */
  placed: (result: R, order: O) => { message: MessageDescriptor; tone?: ToastSeverity };
  /** After success: clear the form, refresh balances and lists. */
  onPlaced?: (result: R, order: O) => void;
  /** Non-trading time: nothing is checked or sent, a warning says why (doc 1 §4, §5). */
  blocked?: boolean;
  /** The tone of a broken rule and of a server refusal (the spot screen warns, the others error). */
  tone?: ToastSeverity;
}

export interface OrderTicket<O> {
  /** The order the confirm dialog is (or was last) for, fixed when it opened. */
  order: O | null;
  busy: boolean;
  /** Submit: check, then open the confirm dialog (or say what is wrong). */
  request: (check: () => TicketCheck<O>) => void;
  /** Props for the shared ConfirmDialog: open, busy, confirm places once, close. */
  dialog: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void };
}

/**
 * One order ticket for every trading form and order action: validate, confirm, place once
 * (a second tap on Confirm before the answer arrives sends nothing), notify, refresh.
 */
export function useOrderTicket<O, R>({
  place,
  placed,
  onPlaced,
  blocked = false,
  tone = 'error',
}: OrderTicketOptions<O, R>): OrderTicket<O> {
  const { i18n } = useLingui();
  const [order, setOrder] = useState<O | null>(null);
  // The order stays while the dialog closes (its figures do not blank out).
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set in the handler itself: state updates would come too late for a double tap.
  const sending = useRef(false);

  const request = (check: () => TicketCheck<O>) => {
    if (blocked) {
      notify(i18n._(tradeMessages.nonTrading), 'warning');
      return;
    }
    const result = check();
    if (result === null) return;
    if ('problem' in result) notify(i18n._(result.problem), tone);
    else {
      setOrder(result.order);
      setOpen(true);
    }
  };

  const confirm = async () => {
    if (sending.current || order === null || !open) return;
    sending.current = true;
    setBusy(true);
    try {
      const result = await place(order);
      const notice = placed(result, order);
      notify(i18n._(notice.message), notice.tone ?? 'success');
      onPlaced?.(result, order);
    } catch (error) {
      notify(apiErrorMessage(i18n, error), tone);
    } finally {
      sending.current = false;
      setBusy(false);
      setOpen(false);
    }
  };

  return {
    order,
    busy,
    request,
    dialog: {
      open,
      busy,
      onConfirm: () => void confirm(),
      onClose: () => {
        if (!sending.current) setOpen(false);
      },
    },
  };
}
