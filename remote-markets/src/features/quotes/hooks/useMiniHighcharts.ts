// The mini charts' Highcharts: its core, the same chunk and instance the chart page builds on (../../chart),
// loaded only after the list has rendered, when the browser is idle, so that no byte of it is on
// the home route's first render. Each mini chart then waits for an idle slot of its own, one
// chart a slot, so that drawing a dozen of them never makes one long task.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  loadHighchartsCore,
  loadHighchartsReact,
  type HighchartsCore,
  type HighchartsReactComponent,
} from '../../chart';

export interface MiniHighcharts {
  lib: HighchartsCore;
  HighchartsReact: HighchartsReactComponent;
  MiniHighchart: typeof import('../components/MiniHighchart').MiniHighchart;
}

/** Without requestIdleCallback (Safari), an idle slot is approximated by this delay. */
export const IDLE_FALLBACK_MS = 200;
/** The longest a requested idle slot may wait on a busy page. */
const IDLE_TIMEOUT_MS = 2000;

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

function whenIdle(callback: () => void): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    const cancel = w.cancelIdleCallback;
    return () => cancel(handle);
  }
  const handle = setTimeout(callback, IDLE_FALLBACK_MS);
  return () => clearTimeout(handle);
}

let loaded: MiniHighcharts | null = null;
let requested = false;
const listeners = new Set<() => void>();

function requestLibrary(): void {
  if (requested) return;
  requested = true;
  whenIdle(() => {
    Promise.all([
      loadHighchartsCore(),
      loadHighchartsReact(),
      // The drawing code rides in the Highcharts chunk too: none of it is on the first render.
      import(/* webpackChunkName: "highcharts" */ '../components/MiniHighchart'),
    ]).then(
      ([lib, HighchartsReact, { MiniHighchart, startMiniRenderer }]) => {
        // The chunk's evaluation was a task; the renderer's start is the next idle one.
        whenIdle(() => {
          try {
            startMiniRenderer(lib);
          } catch {
            // Only a head start: the first chart does the same work again.
          }
          loaded = { lib, HighchartsReact, MiniHighchart };
          for (const listener of listeners) listener();
        });
      },
      () => {
        // The SVG lines stay; a later list asks again.
        requested = false;
      },
    );
  });
}

const subscribeLoaded = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLoaded = () => loaded;

// One mini chart per idle slot: a chart holds the turn until it has drawn (`MiniTurn.drawn`), so
// that the next chart's slot is asked for only then.
type Turn = (release: () => void) => void;
const turns: Turn[] = [];
let pumping = false;
function pump(): void {
  if (pumping) return;
  const next = turns.shift();
  if (!next) return;
  pumping = true;
  whenIdle(() => {
    let released = false;
    next(() => {
      if (released) return;
      released = true;
      pumping = false;
      pump();
    });
  });
}

/**
 * Whether a mini chart has drawn yet on this page. The first chart runs each of Highcharts' code
 * paths (chart, renderer, text measuring, axes, series) for the first time: compiling them made
 * it one task of 110-220 ms under a 4x CPU throttle, where a later chart takes 30-40 ms. So the
 * first chart draws in two idle slots (its frame, then its line: `MiniTurn.staged`); the later
 * ones in one.
 */
let warm = false;

/** This chart's turn: draw it, in two idle slots when `staged`, then call `drawn`. */
export interface MiniTurn {
  staged: boolean;
  /** Asks for the idle slot of the second stage; returns its cancel. */
  nextSlot: (callback: () => void) => () => void;
  drawn: () => void;
}

/**
 * Highcharts for one mini chart, once `wanted` (its line is known and on screen): null until the
 * library has loaded after the first render and this chart's idle slot has come.
 */
export function useMiniHighcharts(wanted: boolean): (MiniHighcharts & MiniTurn) | null {
  const library = useSyncExternalStore(subscribeLoaded, getLoaded, () => null);
  const [turn, setTurn] = useState<{ staged: boolean; release: () => void } | null>(null);
  useEffect(() => {
    if (wanted) requestLibrary();
  }, [wanted]);
  useEffect(() => {
    if (!wanted || !library || turn) return;
    let active = true;
    const take: Turn = (release) => {
      if (active) setTurn({ staged: !warm, release });
      else release();
    };
    turns.push(take);
    pump();
    return () => {
      active = false;
      const index = turns.indexOf(take);
      if (index >= 0) turns.splice(index, 1);
    };
  }, [wanted, library, turn]);
  // A chart that goes away (or loses its line) before it has drawn gives its turn back.
  useEffect(() => (turn ? turn.release : undefined), [turn]);
  useEffect(() => {
    if (turn && !wanted) turn.release();
  }, [turn, wanted]);
  const drawn = useCallback(() => {
    warm = true;
    turn?.release();
  }, [turn]);
  return useMemo(
    () => (turn && library ? { ...library, staged: turn.staged, nextSlot: whenIdle, drawn } : null),
    [turn, library, drawn],
  );
}

/** Tests only: forget the loaded library and the queued charts. */
export function resetMiniHighcharts(): void {
  loaded = null;
  requested = false;
  turns.length = 0;
  pumping = false;
  warm = false;
}
