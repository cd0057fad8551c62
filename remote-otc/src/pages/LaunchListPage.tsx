import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { SubscriptionList } from '../features/launch/components/SubscriptionList';

/** The user's launch subscriptions (/Uplist). */
function LaunchListPage() {
  return (
    <PageShell backTo="/UpStart">
      <SubscriptionList />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LaunchListPage', LaunchListPage);
