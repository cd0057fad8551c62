// ButtonBase's ripple, in place of its import of ./TouchRipple.mjs (scripts/webpack.config.cjs,
// NormalModuleReplacementPlugin): every button is on every route's start-up, the ripple only
// after a first press (MUI mounts it then, useLazyRipple). Its code loads with that first mount:
// the first press of the session shows no ripple, the later ones do (until the chunk is in, the
// ripple's handle is null and MUI's start/stop calls do nothing).
// (No static import of it here, not even of a type: scripts/federation.cjs would count it as a
// start-up import.)
import {
  createElement,
  forwardRef,
  lazy,
  Suspense,
  type ComponentType,
  type HTMLAttributes,
  type RefAttributes,
} from 'react';

type RippleProps = HTMLAttributes<HTMLElement> & { center?: boolean };
type RippleActions = Record<'start' | 'stop' | 'pulsate', (...args: unknown[]) => void>;

// MUI's declaration types the component as a forwardRef render function; it is a component.
const TouchRipple = lazy(() =>
  import('@mui/material/ButtonBase/TouchRipple').then((m) => ({
    default: m.default as unknown as ComponentType<RippleProps & RefAttributes<RippleActions>>,
  })),
);

const LazyTouchRipple = forwardRef<RippleActions, RippleProps>(function LazyTouchRipple(props, ref) {
  return createElement(Suspense, { fallback: null }, createElement(TouchRipple, { ...props, ref }));
});

export default LazyTouchRipple;
