import { createContext, useContext } from 'react';
import { Trans } from '@lingui/react/macro';
import { ErrorState, PageShell } from '@app/shared';

/** The retry of the RemotePage around a failed page (a new load of the remote, no reload). */
export const RemoteRetryContext = createContext<() => void>(() => undefined);

/** A remote route's translated error with a retry; the rest of the app keeps working. */
export function RemoteUnavailable({ incompatible = false }: { incompatible?: boolean }) {
  const retry = useContext(RemoteRetryContext);
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
        onRetry={retry}
      />
    </PageShell>
  );
}

export function IncompatibleRemote() {
  return <RemoteUnavailable incompatible />;
}
