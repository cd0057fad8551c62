import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { apiErrorMessage, notify } from '@app/shared';
import { useCountdown } from '../hooks/useCountdown';
import { authMessages } from '../model/messages';
import { CODE_RESEND_SECONDS, resendWaitSeconds } from '../model/rules';

export interface SendCodeButtonProps {
  /**
   * Checks the inputs and sends the code. Resolve false when a check stopped it (the caller
   * has shown why); reject with the API failure.
   */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  /** Resend wait; 60 s by the spec. */
  seconds?: number;
}

/**
 * The send-code button: disabled during a 60 s countdown that shows the remaining seconds,
 * then resets (doc 1 §4, doc 2 §4). After a 429 `code.resend_wait` it counts the server's wait.
 */
export function SendCodeButton({ onSend, disabled, seconds = CODE_RESEND_SECONDS }: SendCodeButtonProps) {
  const { t, i18n } = useLingui();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending || countdown.running) return;
    setSending(true);
    try {
      if (await onSend()) {
        countdown.start(seconds);
        notify(i18n._(authMessages.codeSent), 'success');
      }
    } catch (error) {
      const wait = resendWaitSeconds(error);
      if (wait !== null) countdown.start(wait);
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      variant="text"
      onClick={() => void send()}
      disabled={disabled || sending || countdown.running}
      sx={{ whiteSpace: 'nowrap', minWidth: 72 }}
    >
      {countdown.running ? t`${countdown.remaining} s` : sending ? t`Sending…` : t`Send code`}
    </Button>
  );
}
