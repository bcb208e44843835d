import { Copy, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** A value with a copy button (client ID, secret). */
export function CopyableValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md border border-border bg-surface px-2.5 py-1.5 font-mono text-sm break-all" data-testid={testId}>
          {value}
        </code>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0"
          aria-label={t('adminOauth.copyLabel', { label })}
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => toast.success(t('adminOauth.copied', { label })),
              () => toast.error(t('adminOauth.copyFailed')),
            )
          }
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** The secret, shown this once (on creation or regeneration): the server keeps only its hash. */
export function OAuthClientSecretNotice({ name, clientId, secret, onDone }: { name: string; clientId: string; secret: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      className="grid gap-4 rounded-xl border border-accent/40 bg-accent-soft/40 p-4"
      aria-labelledby="oauth-secret-title"
      data-testid="oauth-client-secret-notice"
    >
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div className="grid gap-1">
          <h3 id="oauth-secret-title" className="font-semibold">
            {secret ? t('adminOauth.secretTitle', { name }) : t('adminOauth.publicTitle', { name })}
          </h3>
          <p className="text-sm text-muted-foreground">{secret ? t('adminOauth.secretOnce') : t('adminOauth.publicText')}</p>
        </div>
      </div>
      <CopyableValue label={t('adminOauth.clientId')} value={clientId} testId="oauth-client-new-id" />
      {secret ? <CopyableValue label={t('adminOauth.clientSecret')} value={secret} testId="oauth-client-new-secret" /> : null}
      <div>
        <Button variant="secondary" size="sm" onClick={onDone} data-testid="oauth-client-secret-done">
          {t('adminOauth.secretSaved')}
        </Button>
      </div>
    </section>
  );
}
