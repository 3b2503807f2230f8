/** Events the api client raises for the app shell (which owns navigation and notices). */
export type AppEvent =
  | { type: 'signed-out'; reason: 'unauthorized' | 'logout' }
  | { type: 'password-change-required' }
  | { type: 'forbidden'; message?: string };

type Listener = (event: AppEvent) => void;

const listeners = new Set<Listener>();

export const onAppEvent = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const emitAppEvent = (event: AppEvent): void => {
  for (const listener of listeners) listener(event);
};
