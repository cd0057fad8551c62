import { Suspense, lazy, type ComponentProps } from 'react';

// MUI's Button where it shows only once something is wrong or asked for (the retry of an error
// state, the labelled language button): loaded with its first render, not in every route's
// start-up (~2.4 KiB gzip; the pages' own buttons import it as usual). Until it is in, nothing
// takes its place. (No static import of it here, not even of a type: scripts/federation.cjs
// would count it as a start-up import.)
const Button = lazy(() => import('@mui/material/Button'));

export function LazyButton(props: ComponentProps<typeof Button>) {
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
