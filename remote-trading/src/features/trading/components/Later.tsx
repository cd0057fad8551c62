import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Mounts its children in a commit of their own, after the page's first one: the trade screens'
 * first commit (chrome, pair bar, form) was one long task with the book and the order lists in
 * it. The placeholder (the section's own loading skeleton, at its size, so nothing moves) stands
 * until the next task, where the children render as a transition (in slices) and replace it.
 */
export function Later({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setMounted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return <>{mounted ? children : placeholder}</>;
}
