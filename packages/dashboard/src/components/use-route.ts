import { useSyncExternalStore } from 'react';
import { parseRoute, type Route } from '../lib/route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash;

/** The current hash route; re-renders when the hash changes. */
export function useRoute(): Route {
  return parseRoute(useSyncExternalStore(subscribe, readHash));
}

/** Goes to a hash route such as `#/overview`. */
export function navigate(hash: string): void {
  if (window.location.hash !== hash) window.location.hash = hash;
}
