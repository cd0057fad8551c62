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

i18n.load('en', {});
i18n.activate('en');

export interface RenderPageOptions {
  /** Initial URL, e.g. "/register?code=ABC". */
  url?: string;
  /** The route path the element is mounted on (default: the URL's path). */
  path?: string;
  title?: string;
  /** Extra routes, e.g. to assert a navigation landed on "/login". */
  otherRoutes?: Record<string, ReactNode>;
}

export function renderPage(element: ReactElement, options: RenderPageOptions = {}): RenderResult {
  const url = options.url ?? '/';
  const path = options.path ?? url.split('?')[0] ?? '/';
  return render(
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
    </I18nProvider>,
  );
}

export { spyOnSubscribe, type FakeSocket, type FakeSubscription } from './socket';
export {
  mockFetch,
  hold,
  apiFailure,
  rawAnswer,
  networkDown,
  sessionExpired,
  type FetchMock,
  type FetchCall,
} from './fetch';
