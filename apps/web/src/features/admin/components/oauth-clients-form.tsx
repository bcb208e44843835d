import { OAUTH_CLIENT_REDIRECTS_MAX, type OAuthClientType } from '@curio/contract';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useCreateOAuthClient } from '../api/oauth-clients';
import { OAuthClientSecretNotice } from './oauth-clients-secret';

const TYPES: OAuthClientType[] = ['confidential', 'public'];

/** The redirect addresses typed one a line; what is not an http(s) address is reported by line. */
export function parseRedirectUris(text: string): { uris: string[]; bad: string | null } {
  const uris = [
    ...new Set(
      text
        .split(/\s+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  for (const uri of uris) {
    try {
      const url = new URL(uri);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { uris, bad: uri };
    } catch {
      return { uris, bad: uri };
    }
  }
  return { uris, bad: null };
}

/** Registers an OAuth client: a name, where it may send people back, confidential or public. */
export function OAuthClientCreateForm() {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateOAuthClient();
  const [name, setName] = useState('');
  const [redirects, setRedirects] = useState('');
  const [type, setType] = useState<OAuthClientType>('confidential');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string | null } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const { uris, bad } = parseRedirectUris(redirects);
    if (!name.trim()) next.name = t('adminOauth.nameRequired');
    if (!uris.length) next.redirectUris = t('adminOauth.redirectRequired');
    else if (bad) next.redirectUris = t('adminOauth.redirectInvalid', { uri: bad });
    else if (uris.length > OAUTH_CLIENT_REDIRECTS_MAX) next.redirectUris = t('adminOauth.redirectTooMany', { count: OAUTH_CLIENT_REDIRECTS_MAX });
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate(
      { name: name.trim(), redirectUris: uris, type },
      {
        onSuccess: (data) => {
          setCreated({ name: data.client.name, clientId: data.client.clientId, secret: data.clientSecret });
          setName('');
          setRedirects('');
          toast.success(t('adminOauth.created', { name: data.client.name }));
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.split('.')[0]!, v]));
            setErrors(fields);
          }
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  };

  const f = (field: string) => `${id}-${field}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('adminOauth.createTitle')}</CardTitle>
        <CardDescription>{t('adminOauth.createText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={submit} noValidate className="grid gap-5" data-testid="oauth-client-create-form">
          <Field id={f('name')} label={t('adminOauth.name')} error={errors.name}>
            <Input
              id={f('name')}
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!errors.name || undefined}
              aria-describedby={fieldDescribedBy(f('name'), { error: errors.name })}
              data-testid="oauth-client-name"
            />
          </Field>
          <Field id={f('redirects')} label={t('adminOauth.redirectUris')} hint={t('adminOauth.redirectHint')} error={errors.redirectUris}>
            <Textarea
              id={f('redirects')}
              rows={3}
              className="font-mono text-sm"
              placeholder="https://app.example.com/callback"
              value={redirects}
              onChange={(e) => setRedirects(e.target.value)}
              aria-invalid={!!errors.redirectUris || undefined}
              aria-describedby={fieldDescribedBy(f('redirects'), { error: errors.redirectUris, hint: true })}
              data-testid="oauth-client-redirects"
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('adminOauth.type')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {TYPES.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 focus-within:outline-3 focus-within:outline-ring',
                    type === value ? 'border-accent bg-accent-soft/40' : 'border-border-strong bg-surface hover:bg-surface-sunken',
                  )}
                >
                  <input
                    type="radio"
                    name={f('type')}
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                    className="mt-1 size-4 accent-[var(--color-accent)]"
                    data-testid={`oauth-client-type-${value}`}
                  />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-semibold">{t(`adminOauth.types.${value}`)}</span>
                    <span className="text-sm text-muted-foreground">{t(`adminOauth.typeHints.${value}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={create.isPending} data-testid="oauth-client-create">
              <Plus aria-hidden="true" />
              {create.isPending ? t('adminOauth.creating') : t('adminOauth.create')}
            </Button>
          </div>
        </form>
        {created ? <OAuthClientSecretNotice name={created.name} clientId={created.clientId} secret={created.secret} onDone={() => setCreated(null)} /> : null}
      </CardContent>
    </Card>
  );
}
