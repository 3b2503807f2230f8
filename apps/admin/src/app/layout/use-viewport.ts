import { useSyncExternalStore } from 'react';

/** Below `desktop` the sidebar starts folded; below `mobile` it opens as a drawer instead. */
export const BREAKPOINTS = { desktop: 1440, mobile: 768 } as const;

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

export const useViewportWidth = (): number =>
  useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => BREAKPOINTS.desktop,
  );
