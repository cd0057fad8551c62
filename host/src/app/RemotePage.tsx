import {
  Component,
  type ComponentType,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useState,
} from 'react';
import Box from '@mui/material/Box';
import { ListSkeleton, type RemoteName } from '@app/shared';
import { RemoteRetryContext, RemoteUnavailable } from './federation/RemoteUnavailable';
import { loadPage } from './remotes';

type LoadResult = { key: string; Page: ComponentType | null };

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Renders one exposed page of a remote. A remote that cannot be reached, or whose chunk
 * fails, shows a translated error for its routes only, with a retry that needs no reload.
 */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const key = `${remote}/${page}#${attempt}`;

  useEffect(() => {
    let alive = true;
    // The page's first render is a transition (rendered in slices, no long task).
    loadPage(remote, page, attempt > 0).then(
      (Page) => alive && startTransition(() => setResult({ key, Page })),
      // Failures of the remote itself come back as its fallback page (federation/fallback.tsx);
      // this is the rest (remotes.json unreadable, the remote not listed in it).
      () => alive && setResult({ key, Page: null }),
    );
    return () => {
      alive = false;
    };
  }, [remote, page, attempt, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (!result || result.key !== key)
    return (
      <Box sx={{ p: 2 }} aria-label="loading">
        <ListSkeleton rows={5} />
      </Box>
    );
  const { Page } = result;
  return (
    <RemoteRetryContext.Provider value={retry}>
      {Page ? (
        <PageErrorBoundary key={attempt} fallback={<RemoteUnavailable />}>
          <Page />
        </PageErrorBoundary>
      ) : (
        <RemoteUnavailable />
      )}
    </RemoteRetryContext.Provider>
  );
}
