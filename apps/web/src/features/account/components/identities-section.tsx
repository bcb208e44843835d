import { CheckCircle2, Fingerprint, KeyRound, IdCard, Link2, Loader2, Mail, Unlink, Wallet, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { OIDC_PROVIDER_ID, oidcErrorKey } from '@/lib/oidc';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { usePasskeys } from '../api/passkeys';
import { LINK_RETURN_MARK, useIdentities, useLinkOidc, useUnlinkIdentity, type Identity } from '../api/identities';
import { SectionLoadFailed } from './account-section';

function formatDate(iso: string | null, locale: string) {
  if (!iso) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** One way of signing in: icon, name, a detail line and, on the right, what can be done with it. */
function MethodRow({ icon: Icon, title, detail, action, testId }: { icon: LucideIcon; title: string; detail: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3.5" data-testid={testId}>
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent-soft-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium wrap-anywhere">{title}</span>
        <span className="text-sm wrap-anywhere text-muted-foreground">{detail}</span>
      </div>
      {action ? <div className="ml-auto shrink-0">{action}</div> : null}
    </li>
  );
}

/** What came back from the provider after a link (`?via=oidc&error=…` or `?linked=oidc`); read once, then cleared. */
function useLinkOutcome() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome] = useState(() => {
    if (searchParams.get('linked') === OIDC_PROVIDER_ID) return { linked: true as const };
    const error = searchParams.get('error');
    if (searchParams.get('via') === LINK_RETURN_MARK && error) return { error };
    return null;
  });
  const [cleared, setCleared] = useState(false);
  if (outcome && !cleared) {
    setCleared(true);
    queueMicrotask(() =>
      setSearchParams(
        (params) => {
          for (const key of ['linked', 'via', 'error', 'error_description']) params.delete(key);
          return params;
        },
        { replace: true },
      ),
    );
  }
  return outcome;
}

/** /settings/account: the ways this account signs in, and linking or unlinking the external provider. */
export function IdentitiesSection() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { user } = useAuth();
  const identities = useIdentities();
  const passkeys = usePasskeys();
  const settings = usePublicSiteSettings();
  const link = useLinkOidc();
  const unlink = useUnlinkIdentity();
  const outcome = useLinkOutcome();
  const [unlinked, setUnlinked] = useState<string | null>(null);
  /** The identity whose unlinking waits for a confirmation. */
  const [confirming, setConfirming] = useState<Identity | null>(null);
  /** The Unlink button that opened the confirmation: focus goes back to it when the identity stays. */
  const opener = useRef<HTMLButtonElement | null>(null);

  const configured = settings.data?.oidc?.name ?? null;
  const providerName = configured ?? t('authOidc.providerFallback');
  const list = identities.data ?? [];
  const hasPassword = list.some((a) => a.providerId === 'credential');
  const external = list.filter((a) => a.providerId !== 'credential');
  const oidcLinked = external.some((a) => a.providerId === OIDC_PROVIDER_ID);

  const nameOf = (a: Identity) => (a.providerId === OIDC_PROVIDER_ID ? providerName : a.providerId === 'siwe' ? t('accountIdentities.wallet') : a.providerId);

  const errorCode = unlink.error
    ? isApiError(unlink.error)
      ? unlink.error.code
      : null
    : link.error
      ? isApiError(link.error)
        ? link.error.code
        : null
      : null;
  const errorStatus = unlink.error && isApiError(unlink.error) ? unlink.error.status : link.error && isApiError(link.error) ? link.error.status : undefined;
  const actionError = unlink.error || link.error ? t(oidcErrorKey(errorCode, errorStatus), { provider: providerName }) : null;
  const returnError = outcome && 'error' in outcome ? t(oidcErrorKey(outcome.error), { provider: providerName }) : null;

  const doUnlink = (identity: Identity) => {
    link.reset();
    setUnlinked(null);
    unlink.mutate({ id: identity.id }, { onSuccess: () => setUnlinked(nameOf(identity)) });
  };

  const passkeyCount = passkeys.data?.length;

  return (
    <Card aria-labelledby={titleId} role="region" id="sign-in-methods" className="scroll-mt-24" data-testid="identities-section">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Link2 className="size-5 text-accent" aria-hidden="true" />
          {t('accountIdentities.title')}
        </CardTitle>
        <CardDescription>{t('accountIdentities.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {returnError || actionError ? (
          <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg" data-testid="identities-error">
            {actionError ?? returnError}
          </p>
        ) : null}
        {(outcome && 'linked' in outcome && !unlinked) || unlinked ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground"
            data-testid="identities-notice"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {unlinked ? t('accountIdentities.unlinked', { provider: unlinked }) : t('accountIdentities.linked', { provider: providerName })}
          </p>
        ) : null}

        {identities.error && !identities.data ? (
          <SectionLoadFailed message={t('accountIdentities.loadFailed')} onRetry={() => void identities.refetch()} />
        ) : !identities.data ? (
          // Shaped like the list: an icon and two lines per way in.
          <div role="status" aria-label={t('common.loading')} className="grid divide-y divide-border">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-4 py-3.5">
                <Skeleton className="size-10 shrink-0" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-4 w-full max-w-xs" />
                </div>
              </div>
            ))}
          </div>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('accountIdentities.listLabel')}>
            {hasPassword ? (
              <MethodRow icon={KeyRound} title={t('accountIdentities.password')} detail={t('accountIdentities.passwordSet')} testId="identity-password" />
            ) : null}
            <MethodRow
              icon={Mail}
              title={t('accountIdentities.email')}
              detail={t('accountIdentities.emailDetail', { email: user?.email ?? '' })}
              testId="identity-email"
            />
            <MethodRow
              icon={Fingerprint}
              title={t('accountIdentities.passkeys')}
              detail={passkeyCount ? t('accountIdentities.passkeysCount', { count: passkeyCount }) : t('accountIdentities.passkeysNone')}
              testId="identity-passkeys"
            />
            {external.map((a) => {
              const name = nameOf(a);
              const date = formatDate(a.createdAt, i18n.language);
              const pending = unlink.isPending && unlink.variables?.id === a.id;
              return (
                <MethodRow
                  key={a.id}
                  icon={a.providerId === 'siwe' ? Wallet : IdCard}
                  title={name}
                  testId={`identity-${a.providerId}`}
                  detail={
                    <>
                      <span className="font-mono text-xs break-all">{a.accountId}</span>
                      {date ? <span className="block">{t('accountIdentities.linkedOn', { date })}</span> : null}
                    </>
                  }
                  action={
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={unlink.isPending}
                      onClick={(event) => {
                        opener.current = event.currentTarget;
                        setConfirming(a);
                      }}
                      aria-label={t('accountIdentities.unlinkLabel', { provider: name })}
                      data-testid={`identity-unlink-${a.providerId}`}
                    >
                      {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Unlink aria-hidden="true" />}
                      {t('accountIdentities.unlink')}
                    </Button>
                  }
                />
              );
            })}
          </ul>
        )}

        {configured && identities.data && !oidcLinked ? (
          <div className="grid justify-items-start gap-2 rounded-lg border border-dashed border-border p-4">
            <p className="text-sm text-muted-foreground">{t('accountIdentities.linkHint', { provider: configured })}</p>
            <Button
              variant="secondary"
              disabled={link.isPending}
              onClick={() => {
                unlink.reset();
                setUnlinked(null);
                link.mutate();
              }}
              data-testid="identity-link-oidc"
            >
              {link.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
              {t('accountIdentities.link', { provider: configured })}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        testId="identity-unlink-confirm"
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        title={t('accountIdentities.unlinkTitle', { provider: confirming ? nameOf(confirming) : '' })}
        description={t('accountIdentities.unlinkText', { provider: confirming ? nameOf(confirming) : '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('accountIdentities.unlink')}
        onConfirm={() => {
          if (confirming) doUnlink(confirming);
          setConfirming(null);
        }}
      />
    </Card>
  );
}
