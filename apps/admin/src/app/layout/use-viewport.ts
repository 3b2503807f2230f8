import { useSyncExternalStore } from 'react';

/** The spec's breakpoints. */
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
