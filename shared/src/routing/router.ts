// The router, re-exported: the app shares react-router through @app/shared, so webpack can
// drop what nobody uses (a shared package is never tree-shaken; ~45 KiB gzip) and there is
// exactly one router instance. Import these from '@app/shared', never from react-router-dom.
import { createElement, forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export {
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  useLocation,
  useSearchParams,
  useParams,
} from 'react-router-dom';
export type { Location, To } from 'react-router-dom';
export { useNavigate, type NavigateFunction } from './navigate';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * An in-app link: react-router's Link without what the app never uses (prefetching of a
 * framework-mode route's modules and data, view transitions, document reloads), which was ~2 KiB
 * gzip of every route's start-up. Same markup and behaviour: `href` from the router, a plain
 * left click navigates inside the app (replace and state as given), a modified click, another
 * target or a handler calling preventDefault() is left to the browser or the handler.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, target, onClick, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return createElement('a', { ...rest, href, target, ref, onClick: handleClick });
});
