import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import '../features/common/model/errors';
import { launchApi } from '../features/launch/api/launchApi';
import { LaunchProjectView } from '../features/launch/components/LaunchProjectView';
import { useLoad } from '../features/common/hooks/useLoad';
import { LoadView } from '../features/common/components/LoadView';

/** The launch project (/UpStart, /upstart). */
function LaunchProjectPage() {
  const loaded = useLoad(launchApi.project);
  return (
    <PageShell>
      <LoadView loaded={loaded} rows={5} height={80}>
        {(project) => <LaunchProjectView project={project} onSubscribed={loaded.reload} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LaunchProjectPage', LaunchProjectPage);
