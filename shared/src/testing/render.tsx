// Test helper: renders a component with the app's real providers (English, night theme)
// inside a memory router. Import from '@app/shared/testing' in tests only.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from '@mui/material/styles';
import { i18n } from '../i18n/i18n';
import { appTheme } from '../theme/theme';
import { ToastHost } from '../ui/ToastHost';
import { RouteMetaContext } from '../routing/routeMeta';
import * as ReactQuery from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installQueryLayer } from '../query/layer';
import { QUERY_STALE_MS } from '../query/client';

i18n.load('en', {});
i18n.activate('en');
// Pages render at once (withCatalog does not wait for the data layer's chunk).
installQueryLayer(ReactQuery, createTestQueryClient());

/** A fresh cache for one test: the app's defaults, but a failed read is not tried again. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: QUERY_STALE_MS, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export interface RenderPageOptions {
  /** Initial URL, e.g. "/register?code=ABC". */
  url?: string;
  /** The route path the element is mounted on (default: the URL's path). */
  path?: string;
  title?: string;
  /** Extra routes, e.g. to assert a navigation landed on "/login". */
  otherRoutes?: Record<string, ReactNode>;
  /** The query cache (default: a fresh one for this render). */
  queryClient?: QueryClient;
}

export function renderPage(element: ReactElement, options: RenderPageOptions = {}): RenderResult {
  const url = options.url ?? '/';
  const path = options.path ?? url.split('?')[0] ?? '/';
  const queryClient = options.queryClient ?? createTestQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={appTheme('teal_night')}>
          <MemoryRouter initialEntries={[url]}>
            <RouteMetaContext.Provider value={{ path, title: options.title ?? 'Page' }}>
              <Routes>
                <Route path={path} element={element} />
                {Object.entries(options.otherRoutes ?? {}).map(([p, el]) => (
                  <Route key={p} path={p} element={el} />
                ))}
              </Routes>
            </RouteMetaContext.Provider>
          </MemoryRouter>
          <ToastHost />
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

export { fakeSocket, type FakeSocket } from './socket';
export { cryptoQuote } from './quotes';
export {
  mockFetch,
  stubNetwork,
  restoreNetwork,
  hold,
  apiFailure,
  rawAnswer,
  networkDown,
  sessionExpired,
  type FetchMock,
  type FetchCall,
  type FetchRoutes,
  type ContractRoute,
  type FetchAnswer,
  type SpecialAnswer,
  type SpecialRoute,
} from './fetch';
