import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ListSkeleton } from '@app/shared';

/**
 * False until the page around it (its shell: app bar, back button, title) has been committed and
 * painted, then true (a transition, rendered after the next frame). When the screen's chunks were in
 * before the page's catalogue, the shell and the whole screen were rendered and committed in one
 * task (/exchange: the shell's and the spot form's ~170 style rules, the form's first queries,
 * over 100 ms under a 4x throttle); with the screen a commit after the shell they are two.
 */
function useShellPainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // Set in the frame after the commit; the transition renders in a task after that frame.
    const frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}

/**
 * A trading screen that loads after its page's first render: the page's skeleton until then, and
 * until the page's shell has been painted (the screen's first commit is one of its own).
 */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  const painted = useShellPainted();
  const skeleton = (
    <Box sx={{ p: 2 }}>
      <ListSkeleton rows={4} />
    </Box>
  );
  return <Suspense fallback={skeleton}>{painted ? children : skeleton}</Suspense>;
}
