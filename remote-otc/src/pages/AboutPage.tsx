import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function AboutPage() {
  return (
    <PageShell>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/AboutPage', AboutPage);
