import { API_PATHS } from '@curio/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, toApiError } from '@/lib/api-client';

/** The client's public face (name, address) as the OAuth provider shows it to a signed-in person. */
export interface PublicOAuthClient {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
}

const authUrl = (path: string) => `${API_PATHS.auth}${path}`;

async function authFetch<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(authUrl(path), { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init?.headers } });
  // The provider's errors are RFC 6749 bodies, not the app's envelope: the status says enough here.
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

export function usePublicOAuthClient(clientId: string | null) {
  return useQuery({
    queryKey: ['oauth', 'public-client', clientId],
    enabled: !!clientId,
    retry: false,
    queryFn: () => authFetch<PublicOAuthClient>(`/oauth2/public-client?client_id=${encodeURIComponent(clientId ?? '')}`),
  });
}

/**
 * Allows or denies the client; the provider answers where to go next (back to the client with a code,
 * or with `error=access_denied`). `oauthQuery` is the consent page's signed query.
 */
export function useConsentDecision() {
  return useMutation({
    mutationFn: async ({ accept, oauthQuery }: { accept: boolean; oauthQuery: string }) => {
      const answer = await authFetch<{ url?: string; redirect_uri?: string }>('/oauth2/consent', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accept, oauth_query: oauthQuery }),
      });
      const url = answer.url ?? answer.redirect_uri;
      if (!url) throw new ApiError(500, 'internal_error', 'The authorization did not say where to go next');
      return url;
    },
  });
}
