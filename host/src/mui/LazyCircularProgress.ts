// The spinner of Button's and IconButton's `loading` state, in place of their import of
// CircularProgress (scripts/webpack.config.cjs, NormalModuleReplacementPlugin): loaded with its
// first use instead of in every route's start-up. The app's buttons never start loading; one that
// does shows its spinner once the chunk is in, an empty slot until then. The shared
// '@mui/material/CircularProgress' request: the one copy the remotes use too.
// (No static import of it here, not even of a type: scripts/federation.cjs would count it as a
// start-up import.)
import { createElement, lazy, Suspense, type ComponentProps } from 'react';

const CircularProgress = lazy(() => import('@mui/material/CircularProgress'));

export default function LazyCircularProgress(props: ComponentProps<typeof CircularProgress>) {
  return createElement(Suspense, { fallback: null }, createElement(CircularProgress, props));
}
