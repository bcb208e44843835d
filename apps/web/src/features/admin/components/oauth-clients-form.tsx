import { adminOAuthClientCreateInputSchema, httpUrl, OAUTH_CLIENT_REDIRECTS_MAX, type OAuthClientType } from '@curio/contract';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useCreateOAuthClient } from '../api/oauth-clients';
import { OAuthClientSecretNotice } from './oauth-clients-secret';

const TYPES: OAuthClientType[] = ['confidential', 'public'];

/** The redirect addresses typed one a line (or apart by spaces), each once. */
const splitRedirectUris = (text: string) => [
  ...new Set(
    text
      .split(/\s+/)
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];
const redirectRule = httpUrl();
/** The first address that is not an http(s) one, named in the message. */
const badRedirect = (text: string) => splitRedirectUris(text).find((uri) => !redirectRule.safeParse(uri).success) ?? '';

/** The contract's rules of a new client; the addresses typed in one box. */
const oauthClientFormSchema = adminOAuthClientCreateInputSchema.extend({
  redirectUris: z.string().transform(splitRedirectUris).pipe(adminOAuthClientCreateInputSchema.shape.redirectUris),
});
const KEYS: FormKeys = {
  name: { required: 'adminOauth.nameRequired' },
  redirectUris: { required: 'adminOauth.redirectRequired', invalid_format: 'adminOauth.redirectInvalid', too_long: 'adminOauth.redirectTooMany' },
};

/** Registers an OAuth client: a name, where it may send people back, confidential or public. */
export function OAuthClientCreateForm() {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateOAuthClient();
  const form = useZodForm(oauthClientFormSchema, { keys: KEYS, defaultValues: { name: '', redirectUris: '', type: 'confidential' } });
  const type = form.watch('type');
  const { errors: fieldErrors } = form.formState;
  const errors = {
    name: errorText(t, fieldErrors.name),
    redirectUris: errorText(t, fieldErrors.redirectUris, { uri: badRedirect(form.getValues('redirectUris')), count: OAUTH_CLIENT_REDIRECTS_MAX }),
  };
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string | null } | null>(null);

  const submit = form.handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (data) => {
        setCreated({ name: data.client.name, clientId: data.client.clientId, secret: data.clientSecret });
        form.reset({ name: '', redirectUris: '', type: form.getValues('type') });
        toast.success(t('adminOauth.created', { name: data.client.name }));
      },
      onError: (error) => {
        // A code on one of the addresses (`redirectUris.2`) is told on the box of them all.
        setServerErrors(error, form.setError, KEYS, ['name', 'redirectUris']);
        toast.error(t(errorMessageKey(error)));
      },
    });
  });

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
              {...form.register('name')}
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
              {...form.register('redirectUris')}
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
                    {...form.register('type')}
                    value={value}
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
