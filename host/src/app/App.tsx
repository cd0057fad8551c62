import { Suspense, lazy, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from '@app/shared';
import Box from '@mui/material/Box';
import { RouteMetaContext, isLoggedInAtom, setNavigator, type AppRuntimeConfig } from '@app/shared';
import { routes, type AppRoute, notFoundTitle, downloadTitle } from './routes';
import { RemotePage } from './RemotePage';
import { TabBar, TAB_BAR_HEIGHT } from './TabBar';
import { hasInjectedWallet } from './config';

// Pages of the host itself, seldom the first one opened: loaded with their route, not at start.
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const DownloadPage = lazy(() => import('../pages/DownloadPage').then((m) => ({ default: m.DownloadPage })));

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path, options) => navigate(path, options)), [navigate]);
  return null;
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function RouteElement({ route }: { route: AppRoute }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  // Guest-only pages (login) send away users who arrive logged in, not the user who has
  // just logged in on them and is on the way home (doc 1 §2, §4).
  const [loggedInOnArrival] = useState(loggedIn);
  const { i18n } = useLingui();
  const title = i18n._(route.title);
  useDocumentTitle(title);
  if (route.auth && !loggedIn) return <Navigate to="/login" replace />;
  if (route.guestOnly && loggedInOnArrival) return <Navigate to={route.guestOnly} replace />;
  return (
    <RouteMetaContext.Provider value={{ path: route.path, title }}>
      <Box sx={{ minHeight: '100dvh', pb: route.tab ? `${TAB_BAR_HEIGHT}px` : 0 }} data-remote={route.remote}>
        <RemotePage key={`${route.remote}/${route.page}`} remote={route.remote} page={route.page} />
      </Box>
      {route.tab && <TabBar active={route.tab} />}
    </RouteMetaContext.Provider>
  );
}

function TitledPage({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <RouteMetaContext.Provider value={{ path: '', title }}>
      <Suspense fallback={null}>{children}</Suspense>
    </RouteMetaContext.Provider>
  );
}

/** The wallet gate (doc 1 §1): outside a wallet app's browser, go to the wallet download page. */
function WalletGate({ config }: { config: AppRuntimeConfig }) {
  const location = useLocation();
  const navigate = useNavigate();
  const blocked = config.walletGate && !hasInjectedWallet();
  const target = config.walletDownloadUrl;
  useEffect(() => {
    if (!blocked || location.pathname === target) return;
    if (/^https?:\/\//.test(target)) window.location.replace(target);
    else navigate(target, { replace: true });
  }, [blocked, target, location.pathname, navigate]);
  return null;
}

export function App({ config }: { config: AppRuntimeConfig }) {
  const { i18n } = useLingui();
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <WalletGate config={config} />
      <Routes>
        {routes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            caseSensitive
            element={<RouteElement key={route.path} route={route} />}
          />
        ))}
        <Route
          path="/download"
          element={
            <TitledPage title={i18n._(downloadTitle)}>
              <DownloadPage />
            </TitledPage>
          }
        />
        <Route
          path="*"
          element={
            <TitledPage title={i18n._(notFoundTitle)}>
              <NotFoundPage />
            </TitledPage>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
