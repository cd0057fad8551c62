import { useCallback, useEffect, useState } from 'react';
import {
  loadHighcharts,
  loadHighchartsReact,
  type HighchartsLib,
  type HighchartsReactComponent,
} from '../api/highcharts';

/**
 * The Highcharts library and its React component once loaded (null before), whether loading
 * failed, and a retry.
 */
export function useHighcharts(): {
  lib: HighchartsLib | null;
  HighchartsReact: HighchartsReactComponent | null;
  failed: boolean;
  retry: () => void;
} {
  const [loaded, setLoaded] = useState<{
    lib: HighchartsLib;
    HighchartsReact: HighchartsReactComponent;
  } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    Promise.all([loadHighcharts(), loadHighchartsReact()]).then(
      ([lib, HighchartsReact]) => alive && setLoaded({ lib, HighchartsReact }),
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
  return { lib: loaded?.lib ?? null, HighchartsReact: loaded?.HighchartsReact ?? null, failed, retry };
}
