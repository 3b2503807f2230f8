import { useSyncExternalStore } from 'react';
import { onAppEvent } from './events';

// Set when the API answers 403 `password_change_required`; cleared after the change.
let passwordChangeRequired = false;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export const setPasswordChangeRequired = (value: boolean): void => {
  if (passwordChangeRequired === value) return;
  passwordChangeRequired = value;
  notify();
};

onAppEvent((event) => {
  if (event.type === 'password-change-required') setPasswordChangeRequired(true);
  if (event.type === 'signed-out') setPasswordChangeRequired(false);
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const usePasswordChangeRequired = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => passwordChangeRequired,
    () => false,
  );
