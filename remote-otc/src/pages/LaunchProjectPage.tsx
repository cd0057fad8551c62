import { useLingui } from '@lingui/react';
import { PageShell, withCatalog, useQuery, useRefreshAfterAction, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { launchApi } from '../features/launch/api/launchApi';
import { launchKeys } from '../features/launch/api/keys';
import { LaunchProjectView } from '../features/launch/components/LaunchProjectView';

/** The launch project (/UpStart, /upstart). */
function LaunchProjectPage() {
  // The server answers in the request's language: a language change loads the text again.
  const { i18n } = useLingui();
  const project = useQuery({
    queryKey: launchKeys.project(i18n.locale),
    queryFn: ({ signal }) => launchApi.project(signal),
  });
  // A subscription moves balances, the amounts left and the list of subscriptions.
  const refresh = useRefreshAfterAction();
  const onSubscribed = () => void refresh();
  return (
    <PageShell>
      <LoadView query={project} rows={5} height={80}>
        {(data) => <LaunchProjectView project={data} onSubscribed={onSubscribed} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LaunchProjectPage', LaunchProjectPage);
