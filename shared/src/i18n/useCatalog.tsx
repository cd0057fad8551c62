import { type ComponentType, startTransition, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { ListSkeleton } from '../ui/states';
import { useLingui } from '@lingui/react';
import { type CatalogLoader, isCatalogLoaded, registerCatalog, type Locale } from './i18n';
import { QueryScope, useQueryLayer } from '../query/QueryScope';

/**
 * Makes sure a remote's catalogue is loaded for the active locale before its page renders.
 * Returns false while loading (show a skeleton), true when ready.
 */
export function useCatalog(name: string, loader: CatalogLoader): boolean {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const key = `${name}:${locale}`;
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const ready = settledKey === key || isCatalogLoaded(name, locale);
  useEffect(() => {
    if (isCatalogLoaded(name, locale)) return;
    let alive = true;
    // Untranslated text beats a blank page: a failed catalogue still lets the page render.
    // The page's first render is a transition: rendered in slices, not one long task.
    const settle = () => alive && startTransition(() => setSettledKey(key));
    // Quiet: nothing renders again when it is in but this page, in a transition (settle).
    registerCatalog(name, loader, { quiet: true }).then(settle, settle);
    return () => {
      alive = false;
    };
  }, [name, loader, locale, key]);
  return ready;
}

export interface PackageCatalog {
  name: string;
  loader: CatalogLoader;
}

/**
 * Wraps an exposed page so its package's catalogue (for the active locale, and again on every
 * switch) and the data layer (TanStack Query, with the app's QueryClient) are loaded before it
 * renders. `pageId` ("wallet/LoginPage") marks the DOM so
 * anyone can see which remote served a route.
 */
export function withCatalog<P extends object>(
  catalog: PackageCatalog,
  pageId: string,
  Page: ComponentType<P>,
) {
  function CatalogPage(props: P) {
    const catalogReady = useCatalog(catalog.name, catalog.loader);
    const queryReady = useQueryLayer();
    return (
      <div data-page={pageId} style={{ display: 'contents' }}>
        {catalogReady && queryReady ? (
          <QueryScope>
            <Page {...props} />
          </QueryScope>
        ) : (
          <PageSkeleton />
        )}
      </div>
    );
  }
  CatalogPage.displayName = `WithCatalog(${pageId})`;
  return CatalogPage;
}

function PageSkeleton() {
  return (
    <Box sx={{ p: 2 }}>
      <ListSkeleton rows={4} />
    </Box>
  );
}
