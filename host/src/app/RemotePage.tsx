import {
  Component,
  type ComponentType,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { ErrorState, ListSkeleton, PageShell, type RemoteName } from '@app/shared';
import { loadPage } from './remotes';
import { IncompatibleRemoteError } from './skew';

type LoadResult = { key: string; Page: ComponentType | null; incompatible?: boolean };

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function RemoteUnavailable({
  onRetry,
  incompatible = false,
}: {
  onRetry: () => void;
  incompatible?: boolean;
}) {
  return (
    <PageShell>
      <ErrorState
        message={
          incompatible ? (
            <Trans id="remote.incompatible">
              This part of the app is being updated and does not match this version of the app yet. Please try
              again later.
            </Trans>
          ) : (
            <Trans id="remote.unavailable">
              This part of the app is unavailable right now. Please try again.
            </Trans>
          )
        }
        onRetry={onRetry}
      />
    </PageShell>
  );
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
      (error: unknown) =>
        alive && setResult({ key, Page: null, incompatible: error instanceof IncompatibleRemoteError }),
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
  if (!Page) return <RemoteUnavailable onRetry={retry} incompatible={result.incompatible} />;
  return (
    <PageErrorBoundary key={attempt} fallback={<RemoteUnavailable onRetry={retry} />}>
      <Page />
    </PageErrorBoundary>
  );
}
