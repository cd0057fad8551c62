import { createContext, useContext } from 'react';

/** What the host's route table tells a page about itself: its translated title and path. */
export interface RouteMeta {
  path: string;
  title: string;
}

export const RouteMetaContext = createContext<RouteMeta>({ path: '/', title: '' });

export function useRouteMeta(): RouteMeta {
  return useContext(RouteMetaContext);
}
