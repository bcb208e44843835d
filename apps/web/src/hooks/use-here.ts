import { useLocation } from 'react-router';

/** This page's address within the site (path, query and hash): where a sign-in should come back to. */
export function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}
