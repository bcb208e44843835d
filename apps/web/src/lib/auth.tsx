import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignedInOnlyPath, paths } from '@/config/paths';
import { useHere } from '@/hooks/use-here';
import { ApiError, setUnauthorizedHandler } from './api-client';
import type { AuthClient, AuthSessionData } from './auth-client';
import { authKeys } from './query-keys';

export type AuthUser = AuthSessionData['user'];
export type AuthSession = AuthSessionData['session'];

export const loadAuthClient = (): Promise<AuthClient> => import('./auth-client').then((m) => m.authClient);

/** An error from better-auth, with its HTTP status (0 when the request never got an answer). */
export function toAuthError(error: { status?: number; code?: string; message?: string } | null | undefined) {
  return new ApiError(error?.status ?? 0, error?.code ?? 'auth_failed', error?.message ?? 'Authentication failed');
}

export async function fetchSession(): Promise<AuthSessionData | null> {
  const client = await loadAuthClient();
  const { data, error } = await client.getSession();
  if (error) {
    if (error.status === 401) return null;
    throw toAuthError(error);
  }
  return data ?? null;
}

export const AUTH_CHANNEL = 'curio-auth';
type AuthMessage = { type: 'signout' } | { type: 'signin' };

/** Answers from which a sign-out is treated as done anyway (no session on the server). */
const IGNORED_SIGN_OUT_STATUS = new Set([401, 403, 404]);

type AuthContextValue = {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  signOut: () => Promise<void>;
  /** Re-reads the session (after sign-in/up) and tells the other tabs. */
  refreshSession: () => Promise<AuthSessionData | null>;
  /** This tab is signing out on purpose: the page it leaves sends to plain /login, not back to itself. */
  leaving: boolean;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const channelRef = useRef<BroadcastChannel | null>(null);
  // A sign-out on purpose goes to plain /login: until it is there, neither the signed-in page it leaves
  // (which renders signed out while the sign-in page's code loads) nor a request the ended session
  // fails (401) sends it to /login?next= (that is for a session ended elsewhere, or a guest).
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== paths.login.path) return;
    leavingRef.current = false;
    setLeaving(false);
  }, [pathname]);

  const sessionQuery = useQuery({
    queryKey: authKeys.session(),
    queryFn: fetchSession,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    // A busy or unreachable server is not a signed-out user: try again (with back-off) before giving up.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 401) && failureCount < 3,
  });

  const dropPrivateData = useCallback(() => {
    queryClient.setQueryData(authKeys.session(), null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  }, [queryClient]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channelRef.current = channel;
    channel.onmessage = (event: MessageEvent<AuthMessage>) => {
      if (event.data?.type === 'signout') dropPrivateData();
      void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    };
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [dropPrivateData, queryClient]);

  // A 401 from the API on a signed-in-only page ends the session cleanly and goes to /login, which
  // comes back to that page once signed in again.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search, hash } = window.location;
      if (leavingRef.current || !isSignedInOnlyPath(pathname)) return;
      dropPrivateData();
      void navigate(paths.login.getHref(`${pathname}${search}${hash}`), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [dropPrivateData, navigate]);

  const refreshSession = useCallback(async () => {
    const data = await queryClient.fetchQuery({ queryKey: authKeys.session(), queryFn: fetchSession, staleTime: 0 });
    channelRef.current?.postMessage({ type: 'signin' } satisfies AuthMessage);
    return data;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    leavingRef.current = true;
    setLeaving(true);
    try {
      const client = await loadAuthClient();
      const { error } = await client.signOut();
      if (error && !IGNORED_SIGN_OUT_STATUS.has(error.status)) throw toAuthError(error);
    } catch (error) {
      if (!(error instanceof ApiError && IGNORED_SIGN_OUT_STATUS.has(error.status))) {
        leavingRef.current = false;
        setLeaving(false);
        throw error;
      }
    }
    dropPrivateData();
    channelRef.current?.postMessage({ type: 'signout' } satisfies AuthMessage);
    void navigate(paths.login.getHref(), { replace: true });
  }, [dropPrivateData, navigate]);

  const data = sessionQuery.data ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      loading: sessionQuery.isPending,
      signOut,
      refreshSession,
      leaving,
    }),
    [data, sessionQuery.isPending, signOut, refreshSession, leaving],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Where a guest of a signed-in page goes: the sign-in page that comes back here (`/login?next=`), or plain
 * /login while this tab signs out on purpose.
 */
export function useSignInHref(): string {
  const here = useHere();
  const leaving = useContext(AuthContext)?.leaving ?? false;
  return leaving ? paths.login.getHref() : paths.login.getHref(here);
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
