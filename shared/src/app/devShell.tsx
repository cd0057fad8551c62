// A minimal shell so each remote runs alone (pnpm --filter remote-x dev) with the same
// singletons and providers as the host, without the other remotes.
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Link, useNavigate } from '../routing/router';
import { useEffect } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { AppProviders } from './AppProviders';
import { bootstrapApp } from './bootstrap';
import { RouteMetaContext } from '../routing/routeMeta';
import { setNavigator } from '../config/navigation';

export interface DevShellPage {
  path: string;
  title: string;
  Component: ComponentType;
}

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path, options) => navigate(path, options)), [navigate]);
  return null;
}

export async function mountDevShell(name: string, pages: DevShellPage[]): Promise<void> {
  await bootstrapApp();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <NavigatorBridge />
          <Routes>
            <Route
              path="/__shell"
              element={
                <List aria-label={name}>
                  {pages.map((p) => (
                    <ListItemButton key={p.path} component={Link} to={p.path}>
                      <ListItemText primary={p.title} secondary={p.path} />
                    </ListItemButton>
                  ))}
                </List>
              }
            />
            {pages.map(({ path, title, Component }) => (
              <Route
                key={path}
                path={path}
                caseSensitive
                element={
                  <RouteMetaContext.Provider value={{ path, title }}>
                    <Component />
                  </RouteMetaContext.Provider>
                }
              />
            ))}
          </Routes>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
