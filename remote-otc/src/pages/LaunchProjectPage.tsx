import { useLingui } from '@lingui/react';
import { PageShell, withCatalog, useLoad, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { launchApi } from '../features/launch/api/launchApi';
import { LaunchProjectView } from '../features/launch/components/LaunchProjectView';

/** The launch project (/UpStart, /upstart). */
function LaunchProjectPage() {
  // The server answers in the request's language: a language change loads the text again.
  const { i18n } = useLingui();
  const loaded = useLoad(launchApi.project, i18n.locale);
  return (
    <PageShell>
      <LoadView loaded={loaded} rows={5} height={80}>
        {(project) => <LaunchProjectView project={project} onSubscribed={loaded.reload} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LaunchProjectPage', LaunchProjectPage);
