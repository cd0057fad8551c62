import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * The sections waiting to mount, one at a time: each in a commit of its own, after the previous
 * one's commit has been laid out and painted. Mounted together (each after the same frame) they
 * were rendered as one transition and put in the page in one commit, a long task under a phone's
 * CPU (the trade page's tabs, book and order list, ~110 ms at 4x).
 */
interface Turn {
  mount: () => void;
}
const waiting: Turn[] = [];
let current: Turn | null = null;
let frame = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Gives the next waiting section its turn: in the task after the next frame. */
function next(): void {
  current = waiting.shift() ?? null;
  const turn = current;
  if (!turn) return;
  frame = requestAnimationFrame(() => {
    timer = setTimeout(turn.mount, 0);
  });
}

function enqueue(turn: Turn): void {
  waiting.push(turn);
  if (!current) next();
}

/** A section leaves the line (unmounted, or its commit done): the next one gets its turn. */
function leave(turn: Turn): void {
  const at = waiting.indexOf(turn);
  if (at >= 0) waiting.splice(at, 1);
  if (current !== turn) return;
  cancelAnimationFrame(frame);
  clearTimeout(timer);
  next();
}

/**
 * Mounts its children in a commit of their own, after the page's first one has been laid out and
 * painted: the trade screens' first commit (chrome, pair bar, form) was one long task with the
 * book and the order lists in it, and the layout the tabs force in a commit covered all of them.
 * The placeholder (the section's own loading skeleton, at its size, so nothing moves) stands until
 * its turn (one section a frame, in the order they mounted), when the children render as a
 * transition (in slices).
 */
export function Later({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const turn: Turn = { mount: () => startTransition(() => setMounted(true)) };
    enqueue(turn);
    // Unmounted, or committed with the children (the next section may go).
    return () => leave(turn);
  }, [mounted]);
  return <>{mounted ? children : placeholder}</>;
}
