import { OAUTH_FUNCTIONS_RESOURCE_PATH } from '@curio/contract';
import { KeyRound, Mail, RefreshCw, ShieldCheck, TriangleAlert, UserRound, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';
import { useConsentDecision, usePublicOAuthClient } from '../api/consent';
import { isAuthorizationRedirect, requestedScopes } from '../utils/authorization-query';

const SCOPE_ICONS: Record<string, LucideIcon> = { openid: KeyRound, profile: UserRound, email: Mail, offline_access: RefreshCw };
const KNOWN_SCOPES = new Set(Object.keys(SCOPE_ICONS));

function Permission({ icon: Icon, children, testId }: { icon: LucideIcon; children: ReactNode; testId?: string }) {
  return (
    <li className="flex items-start gap-3 rounded-lg border border-border bg-surface-sunken px-3 py-2.5" data-testid={testId}>
      <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <span className="text-sm">{children}</span>
    </li>
  );
}

/**
 * The consent step of an OAuth authorization: which client asks, for what (its scopes, and acting for
 * the person in Curio when it asks for the functions resource), as whom; allow or deny. The decision
 * goes to the provider with the page's signed query, and the browser follows where it says.
 */
export function ConsentCard({ search }: { search: URLSearchParams }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const valid = isAuthorizationRedirect(search);
  const clientId = valid ? search.get('client_id') : null;
  const client = usePublicOAuthClient(clientId);
  const decide = useConsentDecision();
  const scopes = requestedScopes(search);
  const functionsResource = `${window.location.origin}${OAUTH_FUNCTIONS_RESOURCE_PATH}`;
  const actsForYou = search.getAll('resource').includes(functionsResource);

  const choose = (accept: boolean) => decide.mutate({ accept, oauthQuery: search.toString() }, { onSuccess: (url) => window.location.assign(url) });

  if (!valid || client.error) {
    return (
      <Card className="grid gap-5 p-5 sm:p-8" data-testid="oauth-consent-invalid">
        <h1 className="flex items-center gap-3 font-display text-3xl font-semibold tracking-tight">
          <TriangleAlert className="size-7 shrink-0 text-danger" aria-hidden="true" />
          {t('oauthConsent.invalidTitle')}
        </h1>
        <p className="text-muted-foreground">{t('oauthConsent.invalidText')}</p>
        <Button asChild variant="secondary">
          <Link to={paths.home.getHref()}>{t('notFound.home')}</Link>
        </Button>
      </Card>
    );
  }

  const name = client.data?.client_name ?? client.data?.client_id;
  const host = client.data?.client_uri ? safeHost(client.data.client_uri) : null;
  const busy = decide.isPending || decide.isSuccess;
  return (
    <Card className="grid gap-6 p-5 sm:p-8" data-testid="oauth-consent">
      <div className="grid gap-2">
        <ShieldCheck className="size-9 text-accent" aria-hidden="true" />
        {name ? (
          <h1 className="font-display text-2xl font-semibold tracking-tight text-balance break-words break-keep sm:text-3xl" data-testid="oauth-consent-title">
            {t('oauthConsent.title', { client: name })}
          </h1>
        ) : (
          <Skeleton className="h-9 w-3/4" />
        )}
        {host ? <p className="text-sm text-muted-foreground">{host}</p> : null}
        <p className="text-sm text-muted-foreground">{t('oauthConsent.signedInAs', { email: user?.email ?? '' })}</p>
      </div>
      <div className="grid gap-3">
        <h2 className="text-sm font-semibold">{t('oauthConsent.asksFor')}</h2>
        <ul className="grid gap-2" data-testid="oauth-consent-scopes">
          {scopes.map((scope) => (
            <Permission key={scope} icon={SCOPE_ICONS[scope] ?? KeyRound} testId={`oauth-scope-${scope}`}>
              {KNOWN_SCOPES.has(scope) ? t(`oauthConsent.scopes.${scope}`) : scope}
            </Permission>
          ))}
          {actsForYou ? (
            <Permission icon={Wrench} testId="oauth-scope-functions">
              {t('oauthConsent.functions')}
            </Permission>
          ) : null}
        </ul>
      </div>
      {decide.error ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger-bg p-3 text-sm text-danger-fg">
          {t(errorMessageKey(decide.error))}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t('oauthConsent.note')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" size="lg" disabled={busy || !name} onClick={() => choose(false)} data-testid="oauth-consent-deny">
          {t('oauthConsent.deny')}
        </Button>
        <Button size="lg" disabled={busy || !name} onClick={() => choose(true)} data-testid="oauth-consent-allow">
          {t('oauthConsent.allow')}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {busy ? t('oauthConsent.redirecting') : ''}
      </p>
    </Card>
  );
}

function safeHost(uri: string): string | null {
  try {
    return new URL(uri).host;
  } catch {
    return null;
  }
}
