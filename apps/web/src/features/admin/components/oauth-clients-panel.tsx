import type { OAuthClientInfo } from '@curio/contract';
import { OAUTH_FUNCTIONS_RESOURCE_PATH } from '@curio/contract';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useAdminOAuthClients, useDeleteOAuthClient, useRegenerateOAuthSecret } from '../api/oauth-clients';
import { OAuthClientCreateForm } from './oauth-clients-form';
import { CopyableValue, OAuthClientSecretNotice } from './oauth-clients-secret';

type Pending = { kind: 'delete' | 'regenerate'; client: OAuthClientInfo };

function TypeBadge({ type }: { type: OAuthClientInfo['type'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
        type === 'confidential' ? 'bg-accent-soft text-accent-soft-foreground' : 'bg-surface-sunken text-muted-foreground',
      )}
    >
      {t(`adminOauth.types.${type}`)}
    </span>
  );
}

function ClientItem({ client, onAsk }: { client: OAuthClientInfo; onAsk: (pending: Pending) => void }) {
  const { t, i18n } = useTranslation();
  const created = client.createdAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(client.createdAt)) : null;
  return (
    <li className="grid gap-3 rounded-xl border border-border p-4" data-testid="oauth-client-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words" data-testid="oauth-client-name-cell">
            {client.name}
          </h3>
          <TypeBadge type={client.type} />
        </div>
        <div className="flex flex-wrap gap-2">
          {client.type === 'confidential' ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onAsk({ kind: 'regenerate', client })}
              aria-label={t('adminOauth.regenerateOne', { name: client.name })}
            >
              <KeyRound aria-hidden="true" />
              {t('adminOauth.regenerate')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => onAsk({ kind: 'delete', client })} aria-label={t('adminOauth.deleteOne', { name: client.name })}>
            <Trash2 aria-hidden="true" />
            {t('adminOauth.delete')}
          </Button>
        </div>
      </div>
      <CopyableValue label={t('adminOauth.clientId')} value={client.clientId} />
      <div className="grid gap-1">
        <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('adminOauth.redirectUris')}</span>
        <ul className="grid gap-0.5 font-mono text-sm break-all">
          {client.redirectUris.map((uri) => (
            <li key={uri}>{uri}</li>
          ))}
        </ul>
      </div>
      {created ? <p className="text-xs text-muted-foreground">{t('adminOauth.createdOn', { date: created })}</p> : null}
    </li>
  );
}

/** API clients: Curio as an OAuth 2.1 / OpenID provider; admins register, list, re-key and delete clients. */
export function OAuthClientsPanel() {
  const { t } = useTranslation();
  const list = useAdminOAuthClients();
  const regenerate = useRegenerateOAuthSecret();
  const remove = useDeleteOAuthClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [rekeyed, setRekeyed] = useState<{ name: string; clientId: string; secret: string | null } | null>(null);
  const origin = window.location.origin;

  const confirm = () => {
    if (!pending) return;
    const { kind, client } = pending;
    if (kind === 'delete') {
      remove.mutate(client.clientId, {
        onSuccess: () => toast.success(t('adminOauth.deleted', { name: client.name })),
        onError: (error) => toast.error(t(errorMessageKey(error))),
      });
    } else {
      regenerate.mutate(client.clientId, {
        onSuccess: (data) => {
          setRekeyed({ name: data.client.name, clientId: data.client.clientId, secret: data.clientSecret });
          toast.success(t('adminOauth.regenerated', { name: client.name }));
        },
        onError: (error) => toast.error(t(errorMessageKey(error))),
      });
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" data-testid="oauth-clients-panel">
      <OAuthClientCreateForm />
      <Card>
        <CardHeader>
          <CardTitle>{t('adminOauth.listTitle')}</CardTitle>
          <CardDescription>{t('adminOauth.listText')}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {rekeyed ? <OAuthClientSecretNotice name={rekeyed.name} clientId={rekeyed.clientId} secret={rekeyed.secret} onDone={() => setRekeyed(null)} /> : null}
          {list.error && !list.data ? (
            <InlineErrorFallback message={t(errorMessageKey(list.error))} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <div role="status" aria-label={t('common.loading')} className="grid gap-2">
              {Array.from({ length: 2 }, (_, i) => (
                <Skeleton key={i} className="h-28 w-full" />
              ))}
            </div>
          ) : list.data.clients.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-muted-foreground">{t('adminOauth.empty')}</p>
          ) : (
            <ul className="grid gap-3" aria-label={t('adminOauth.listTitle')}>
              {list.data.clients.map((client) => (
                <ClientItem key={client.clientId} client={client} onAsk={setPending} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('adminOauth.integrateTitle')}</CardTitle>
          <CardDescription>{t('adminOauth.integrateText')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <CopyableValue label={t('adminOauth.issuer')} value={origin} />
          <CopyableValue label={t('adminOauth.discovery')} value={`${origin}/.well-known/openid-configuration`} />
          <CopyableValue label={t('adminOauth.functionsResource')} value={`${origin}${OAUTH_FUNCTIONS_RESOURCE_PATH}`} />
          <p className="text-sm text-muted-foreground">{t('adminOauth.functionsResourceHint')}</p>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === 'delete'
            ? t('adminOauth.deleteTitle', { name: pending.client.name })
            : t('adminOauth.regenerateTitle', { name: pending?.client.name ?? '' })
        }
        description={pending?.kind === 'delete' ? t('adminOauth.deleteText') : t('adminOauth.regenerateText')}
        cancelLabel={t('common.cancel')}
        confirmLabel={pending?.kind === 'delete' ? t('adminOauth.delete') : t('adminOauth.regenerate')}
        onConfirm={confirm}
        confirmTestId="oauth-client-confirm"
      />
    </div>
  );
}
