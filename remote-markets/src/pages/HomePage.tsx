import { useEffect } from 'react';
import { ComingSoon, LanguagePicker, PageShell, subscribe, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function HomePage() {
  // The live quotes of the home list (the markets slice renders them).
  useEffect(() => subscribe('daymarket', {}, () => undefined), []);
  return (
    <PageShell hideBack actions={<LanguagePicker />}>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/HomePage', HomePage);
