import type { Db } from '../db/connection';

/**
 * What happened to what the website shows (`post.published`, `menu.updated`, …), told inside the
 * transaction of the change: a listener writes what it must with that transaction (the webhooks'
 * deliveries), so its rows commit with the change or vanish with it, and nothing is ever sent
 * for a change that rolled back. The core never imports a module: modules listen here.
 */
export type EventPayload = Record<string, unknown>;
/** `at`: the change's moment on the app's clock (what a webhook's body says as its `at`). */
export type EventHandler = (
  event: string,
  payload: EventPayload,
  tx: Db,
  at: Date,
) => Promise<void> | void;

const handlers = new Map<string, Set<EventHandler>>();

/** Listens to one event; returns the way to stop listening. */
export const on = (event: string, handler: EventHandler) => {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
  };
};

/** Tells every listener of `event`, in the transaction `tx` of the change. */
export const emit = async (event: string, payload: EventPayload, tx: Db, at: Date) => {
  for (const handler of handlers.get(event) ?? []) await handler(event, payload, tx, at);
};
