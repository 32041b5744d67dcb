import { useSyncExternalStore } from 'react';

/**
 * A tiny hash router: the path lives after '#', so the API only has to serve index.html at /portal/
 * and a reload never asks the server for a client-side route.
 */
export function currentPath(): string {
  const path = window.location.hash.replace(/^#/, '');
  return path.startsWith('/') ? path : '/';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useRoute(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

/** A query parameter of the current address (`#/reset-password?token=…`). */
export function routeParam(name: string): string | null {
  const query = currentPath().split('?')[1] ?? '';
  return new URLSearchParams(query).get(name);
}

export function navigate(path: string): void {
  if (currentPath() !== path) window.location.hash = path;
}

export function href(path: string): string {
  return `#${path}`;
}
