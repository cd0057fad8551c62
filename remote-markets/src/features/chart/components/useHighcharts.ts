import { useCallback, useEffect, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import {
  loadHighcharts,
  loadHighchartsReact,
  type HighchartsLib,
  type HighchartsReactComponent,
} from '../api/highcharts';
import { CHART_TIMEZONE } from './chartTheme';

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
  const fontFamily = useTheme().typography.fontFamily ?? 'sans-serif';
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    Promise.all([
      loadHighcharts(),
      loadHighchartsReact(),
      import(/* webpackChunkName: "highcharts-stock" */ '../api/highchartsStart'),
    ]).then(
      ([lib, HighchartsReact, { startChartHighcharts }]) => {
        // The chunk's evaluation was a task; Highcharts' start (time zone, text) is the next one,
        // and the chart's creation the one after.
        timer = setTimeout(() => {
          try {
            startChartHighcharts(lib, CHART_TIMEZONE, fontFamily);
          } catch {
            // Only a head start: the chart does the same work again.
          }
          if (alive) setLoaded({ lib, HighchartsReact });
        }, 0);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the font only shapes the head start
  }, [attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { lib: loaded?.lib ?? null, HighchartsReact: loaded?.HighchartsReact ?? null, failed, retry };
}
