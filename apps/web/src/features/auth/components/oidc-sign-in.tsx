import { IdCard, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { isApiError } from '@/lib/api-client';
import { oidcErrorKey, useSignInWithOidc } from '@/lib/oidc';

/** The code of a sign-in at the provider that came back failed (`/login?via=oidc&error=…`), if any. */
function useCallbackError() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  // A suspended account has its own message on the page.
  if (searchParams.get('via') !== 'oidc' || !error || error === 'BANNED_USER') return null;
  return error;
}

/** /login: what went wrong at or after the external provider, translated (the provider's own words are not shown). */
export function OidcCallbackError() {
  const { t } = useTranslation();
  const code = useCallbackError();
  const settings = usePublicSiteSettings();
  if (!code) return null;
  const provider = settings.data?.oidc?.name ?? t('authOidc.providerFallback');
  return (
    <p role="alert" className="mb-4 rounded-lg border border-danger/40 bg-danger-bg p-3 text-sm text-danger-fg" data-testid="oidc-callback-error">
      {t(oidcErrorKey(code), { provider })}
    </p>
  );
}

/**
 * /login: "Sign in with <provider>", shown only when the server names an external OpenID Connect provider.
 * The round trip returns to `callbackURL` (the page's `?next=`), `/` without one.
 */
export function OidcSignIn({ callbackURL }: { callbackURL?: string } = {}) {
  const { t } = useTranslation();
  const settings = usePublicSiteSettings();
  const mutation = useSignInWithOidc(callbackURL);
  const provider = settings.data?.oidc?.name;
  if (!provider) return null;
  const error = mutation.error;
  return (
    <div className="grid gap-3" data-testid="oidc-sign-in">
      <Button type="button" variant="secondary" size="lg" className="w-full" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <IdCard aria-hidden="true" />}
        {t('authOidc.signInWith', { provider })}
      </Button>
      {error ? (
        <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t(isApiError(error) ? oidcErrorKey(error.code, error.status) : 'authOidc.errors.generic', { provider })}
        </p>
      ) : null}
    </div>
  );
}
