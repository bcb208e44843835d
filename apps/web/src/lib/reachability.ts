/**
 * Whether the server can be reached from this tab: false while the browser says it is offline, or since a request
 * failed without an answer (until one is answered again). Kept outside React so that the API client can report to it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let unanswered = false;

const notify = () => listeners.forEach((l) => l());

/** A request got no answer at all (the network, or the server is unreachable). */
export function reportUnanswered() {
  if (unanswered) return;
  unanswered = true;
  notify();
}

/** A request was answered (whatever its status): the server is reachable. */
export function reportAnswered() {
  if (!unanswered) return;
  unanswered = false;
  notify();
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const reachability = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  /** True when the tab cannot reach the server as far as it knows. */
  offline: () => browserOffline() || unanswered,
  /** The browser itself has a network (so it is worth asking the server whether it answers again). */
  browserOnline: () => !browserOffline(),
};
