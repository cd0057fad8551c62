import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { ErrorState, ListSkeleton, PageShell, type RemoteName } from '@app/shared';
import { loadPage } from './remotes';

type LoadState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'error' };

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <PageShell>
      <ErrorState
        message={<Trans id="remote.unavailable">This part of the app is unavailable right now. Please try again.</Trans>}
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
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    loadPage(remote, page, attempt > 0).then(
      (Page) => alive && setState({ status: 'ready', Page }),
      () => alive && setState({ status: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, [remote, page, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'error') return <RemoteUnavailable onRetry={retry} />;
  if (state.status === 'loading')
    return (
      <Box sx={{ p: 2 }} aria-label="loading">
        <ListSkeleton rows={5} />
      </Box>
    );
  const { Page } = state;
  return (
    <PageErrorBoundary key={attempt} fallback={<RemoteUnavailable onRetry={retry} />}>
      <Page />
    </PageErrorBoundary>
  );
}
