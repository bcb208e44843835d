import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CabinetHero } from '@/components/illustrations/cabinet-hero';
import { PageLoader } from '@/components/layout/page-loader';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { env } from '@/config/env';
import { paths, returnPath } from '@/config/paths';
import { EthereumSignIn } from '@/features/auth/components/ethereum-sign-in';
import { MagicLinkForm } from '@/features/auth/components/magic-link-form';
import { OidcCallbackError, OidcSignIn } from '@/features/auth/components/oidc-sign-in';
import { PasskeySignIn } from '@/features/auth/components/passkey-sign-in';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';
import { isUsedLinkError } from '@/features/auth/utils/used-link';
import { ContinueAuthorization } from '@/features/oauth/components/continue-authorization';
import { continueAuthorizationHref, resumeAuthorizationPath } from '@/features/oauth/utils/authorization-query';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';
import { useTwoFactorChallenge } from '@/lib/two-factor-challenge';

export default function LoginRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The password (or a mailed link or code) was right and the account has a second factor: the code
  // step replaces the forms.
  const challenge = useTwoFactorChallenge(searchParams.get('second-step'));
  // Set once a form succeeds, so that "already signed in → /" does not race the form's own redirect.
  const handingOff = useRef(false);
  const tabParam = searchParams.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';
  // Sent here from a page that needs a session (`?next=/admin`): signing in returns there.
  const next = returnPath(searchParams.get('next'));
  // Without one, the landing step decides: the home feed for someone who follows anyone, else home.
  const home = next ?? paths.signedIn.getHref();
  // Where a sign-in that leaves this page (a mailed link, the provider's round trip) comes back to.
  const comeBack = resumeAuthorizationPath(searchParams) ?? next ?? paths.signedIn.getHref();
  const [tab, setTab] = useState<'sign-in' | 'sign-up'>(tabParam);
  // The header's "Sign in" / "Create account" links change ?tab= while this page is open.
  const [seenTabParam, setSeenTabParam] = useState(tabParam);
  if (seenTabParam !== tabParam) {
    setSeenTabParam(tabParam);
    setTab(tabParam);
  }
  useDocumentMeta({ title: t('auth.metaTitle') });

  // Opened by the OAuth provider: once signed in, the authorization goes on (to consent, then the client).
  const oauthContinue = continueAuthorizationHref(searchParams);
  if (user && oauthContinue) return <ContinueAuthorization href={oauthContinue} />;
  if (user && !handingOff.current) return <Navigate to={home} replace />;

  const after = (to: string) => () => {
    handingOff.current = true;
    if (oauthContinue) window.location.replace(oauthContinue);
    else void navigate(to, { replace: true });
  };

  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Top-aligned: the card grows downwards when a message appears, it never jumps (nor widens: the column
            is the window's width, whatever a message or button inside would like). */}
        <div className="mx-auto grid w-full max-w-content grid-cols-1 items-start gap-12 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2">
          <div className="hidden gap-6 lg:grid">
            <h1 className="font-display text-5xl leading-tight font-semibold tracking-tight">
              {t(tab === 'sign-up' ? 'auth.signUpTitle' : 'auth.welcomeTitle')}
            </h1>
            <p className="max-w-md text-lg text-muted-foreground">{t(tab === 'sign-up' ? 'auth.signUpText' : 'auth.welcomeText', { appName: env.appName })}</p>
            <CabinetHero className="h-auto w-full max-w-sm" />
          </div>
          <Card className="mx-auto w-full max-w-md p-5 sm:p-8">
            <h1 className="mb-6 font-display text-3xl font-semibold tracking-tight lg:hidden">
              {t(tab === 'sign-up' ? 'auth.signUpTitle' : 'auth.welcomeTitle')}
            </h1>
            {loading ? (
              <PageLoader />
            ) : (
              <>
                {searchParams.get('error') === 'BANNED_USER' ? (
                  <p role="alert" className="mb-4 rounded-lg border border-danger/40 bg-danger-bg p-3 text-sm text-danger-fg" data-testid="login-suspended">
                    {t('auth.errors.suspended')}
                  </p>
                ) : null}
                {/* A mailed link that no longer works, sent back here: the link form below asks for a new one. */}
                {isUsedLinkError(searchParams.get('error')) ? (
                  <p role="alert" className="mb-4 rounded-lg border border-danger/40 bg-danger-bg p-3 text-sm text-danger-fg" data-testid="login-used-link">
                    {t('auth.errors.invalidToken')}
                  </p>
                ) : null}
                <OidcCallbackError />
                {challenge ? (
                  <TwoFactorStep challenge={challenge} onSuccess={after(home)} />
                ) : (
                  <Tabs value={tab} onValueChange={(value) => setTab(value === 'sign-up' ? 'sign-up' : 'sign-in')}>
                    <TabsList aria-label={t('auth.tabsLabel')}>
                      <TabsTrigger value="sign-in">{t('auth.signInTab')}</TabsTrigger>
                      <TabsTrigger value="sign-up">{t('auth.signUpTab')}</TabsTrigger>
                    </TabsList>
                    <TabsContent value="sign-in" className="grid gap-8">
                      <SignInForm onSuccess={after(home)} />
                      {/* One group under "or": the other ways in, buttons of one style, then a link or code by mail. */}
                      <div className="grid gap-6">
                        <div className="flex items-center gap-3 text-sm text-muted-foreground" role="separator">
                          <span className="h-px flex-1 bg-border" />
                          {t('auth.or')}
                          <span className="h-px flex-1 bg-border" />
                        </div>
                        <div className="grid gap-3">
                          <PasskeySignIn onSuccess={after(home)} />
                          <EthereumSignIn onSuccess={after(next ?? paths.myShelf.getHref())} />
                          <OidcSignIn callbackURL={comeBack} />
                        </div>
                        <MagicLinkForm callbackURL={comeBack} />
                      </div>
                    </TabsContent>
                    <TabsContent value="sign-up" className="grid gap-6">
                      <p className="text-sm text-muted-foreground">{t('auth.signUpIntro', { appName: env.appName })}</p>
                      <SignUpForm onSuccess={after(paths.onboarding.getHref())} />
                    </TabsContent>
                  </Tabs>
                )}
              </>
            )}
          </Card>
        </div>
      </main>
    </>
  );
}
