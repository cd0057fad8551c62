import { useCallback, useEffect, useRef, useState } from 'react';

export interface Countdown {
  /** Whole seconds left; 0 when idle. */
  remaining: number;
  running: boolean;
  /** Starts (or restarts) the countdown from `seconds`. */
  start: (seconds: number) => void;
  reset: () => void;
}

const TICK_MS = 250;

/**
 * A seconds countdown measured against the clock (a throttled background tab does not
 * stretch it). Used by the send-code button: 60 s, showing the remaining seconds (doc 1 §4).
 */
export function useCountdown(): Countdown {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    if (endAt === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        stop();
        setEndAt(null);
      }
    };
    timer.current = setInterval(tick, TICK_MS);
    return stop;
  }, [endAt, stop]);

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    setRemaining(whole);
    setEndAt(whole > 0 ? Date.now() + whole * 1000 : null);
  }, []);

  const reset = useCallback(() => {
    setRemaining(0);
    setEndAt(null);
  }, []);

  return { remaining, running: remaining > 0, start, reset };
}
