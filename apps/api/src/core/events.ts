/**
 * Things that happened, told to whoever listens in this process (webhooks, caches): a module
 * calls `emit` after its change has committed, never inside a transaction, so a listener
 * never hears of a change that was rolled back. A listener's failure is its own: it never
 * reaches the code that emitted.
 */
export type EventName =
  | 'post.published'
  | 'post.updated'
  | 'post.unpublished'
  | 'post.deleted'
  | 'menu.updated'
  | 'slider.updated'
  | 'widget.updated'
  | 'settings.updated'
  | 'order.created';

export type Listener = (payload: Record<string, unknown>) => void | Promise<void>;

const listeners = new Map<EventName, Set<Listener>>();

/** Listens to `event`; the answer stops listening. */
export const on = (event: EventName, listener: Listener) => {
  const set = listeners.get(event) ?? new Set<Listener>();
  listeners.set(event, set);
  set.add(listener);
  return () => void set.delete(listener);
};

export const emit = (event: EventName, payload: Record<string, unknown>) => {
  for (const listener of listeners.get(event) ?? []) {
    try {
      void Promise.resolve(listener(payload)).catch(() => {});
    } catch {
      // the listener's own failure; the emitter's work stands
    }
  }
};
