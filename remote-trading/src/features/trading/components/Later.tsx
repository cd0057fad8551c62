import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Mounts its children in a commit of their own, after the page's first one has been laid out and
 * painted: the trade screens' first commit (chrome, pair bar, form) was one long task with the
 * book and the order lists in it, and the layout the tabs force in a commit covered all of them.
 * The placeholder (the section's own loading skeleton, at its size, so nothing moves) stands until
 * the task after the next frame, where the children render as a transition (in slices).
 */
export function Later({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setMounted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <>{mounted ? children : placeholder}</>;
}
