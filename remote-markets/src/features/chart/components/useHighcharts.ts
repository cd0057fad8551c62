import { useCallback, useEffect, useState } from 'react';
import { loadHighcharts, type HighchartsLib } from '../api/highcharts';

/** The Highcharts library once loaded (null before), whether loading failed, and a retry. */
export function useHighcharts(): { lib: HighchartsLib | null; failed: boolean; retry: () => void } {
  const [lib, setLib] = useState<HighchartsLib | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    loadHighcharts().then(
      (loaded) => alive && setLib(() => loaded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { lib, failed, retry };
}
