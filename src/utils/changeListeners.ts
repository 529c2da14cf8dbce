/**
 * The listeners of a value kept outside React, in the shape
 * `useSyncExternalStore` takes: `subscribe` for the hook, `notify` for the
 * module that changes the value.
 */
export interface ChangeListeners {
  readonly subscribe: (listener: () => void) => () => void;
  readonly notify: () => void;
}

export function changeListeners(): ChangeListeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      listeners.forEach((listener) => listener());
    },
  };
}
