// The router, re-exported: the app shares react-router through @app/shared, so webpack can
// drop what nobody uses (a shared package is never tree-shaken; ~45 KiB gzip) and there is
// exactly one router instance. Import these from '@app/shared', never from react-router-dom.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Link,
  NavLink,
  useNavigate,
  useLocation,
  useSearchParams,
  useParams,
  useMatch,
} from 'react-router-dom';
export type { NavigateFunction, Location } from 'react-router-dom';
