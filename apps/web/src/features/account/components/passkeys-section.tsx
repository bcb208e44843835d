import { text } from '@curio/contract';
import { Fingerprint, KeyRound, Loader2, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useZodForm } from '@/lib/form';
import { browserSupportsPasskeys, webAuthnErrorKey } from '@/lib/webauthn-errors';
import { useAddPasskey, useDeletePasskey, usePasskeys, useRenamePasskey, type Passkey } from '../api/passkeys';
import { useDeviceName } from '../hooks/use-device-name';
import { AccountSection, SectionLoadFailed } from './account-section';

/** A passkey's name as typed: at most this long (the server shortens longer ones as well). */
const NAME_MAX = 60;
/** A new passkey's name may be left blank (the device's name is taken); a rename may not. */
const addFormSchema = z.object({ name: text().trim().max(NAME_MAX) });
const renameRule = text().trim().min(1).max(NAME_MAX);
const renameFormSchema = z.object({ name: renameRule });

function formatDate(iso: string | null, locale: string) {
  if (!iso) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** /settings/account: the person's passkeys (register with a name, rename, delete). */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const supported = browserSupportsPasskeys();

  return (
    <AccountSection
      id="passkeys"
      testId="passkeys-section"
      icon={Fingerprint}
      title={t('accountPasskeys.title')}
      description={t('accountPasskeys.description')}
    >
      {passkeys.error && !passkeys.data ? (
        <SectionLoadFailed message={t('accountPasskeys.loadFailed')} onRetry={() => void passkeys.refetch()} />
      ) : !passkeys.data ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-2">
          <Skeleton className="h-16 w-full rounded-lg" />
        </div>
      ) : passkeys.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">{t('accountPasskeys.empty')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('accountPasskeys.listLabel')}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {supported ? <AddPasskeyForm /> : <p className="text-sm text-muted-foreground">{t('authPasskey.errors.unsupportedBrowser')}</p>}
    </AccountSection>
  );
}

function AddPasskeyForm() {
  const { t } = useTranslation();
  const deviceName = useDeviceName();
  const add = useAddPasskey();
  const form = useZodForm(addFormSchema, { defaultValues: { name: deviceName } });
  const id = 'passkey-new-name';

  const submit = form.handleSubmit(({ name }) => {
    if (add.isPending) return;
    add.mutate(
      { name: name || deviceName },
      {
        onSuccess: () => {
          toast.success(t('accountPasskeys.added'));
          form.reset({ name: deviceName });
        },
      },
    );
  });
  const errorText = add.error ? t(webAuthnErrorKey(add.error)) : null;

  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-border pt-5" aria-labelledby={`${id}-title`} aria-busy={add.isPending}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('accountPasskeys.addTitle')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <Field id={id} label={t('accountPasskeys.nameLabel')} hint={t('accountPasskeys.nameHint')}>
          <Input id={id} {...form.register('name')} maxLength={NAME_MAX} autoComplete="off" aria-describedby={fieldDescribedBy(id, { hint: true })} />
        </Field>
        <Button type="submit" disabled={add.isPending} className="sm:mb-7">
          {add.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {t('accountPasskeys.add')}
        </Button>
      </div>
      {errorText ? (
        <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg" data-testid="passkey-add-error">
          {errorText}
        </p>
      ) : null}
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useTranslation();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [editing, setEditing] = useState(false);
  const form = useZodForm(renameFormSchema, { defaultValues: { name: passkey.name ?? '' } });
  const draft = form.watch('name');
  const [confirming, setConfirming] = useState(false);
  // When the name field closes (saved or cancelled), focus goes back to the button that opened it.
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const inputId = `passkey-name-${passkey.id}`;
  const label = passkey.name || t('accountPasskeys.unnamed');
  const created = formatDate(passkey.createdAt, i18n.language);
  const lastUsed = formatDate(passkey.lastUsedAt, i18n.language);

  const save = form.handleSubmit(({ name }) => {
    if (rename.isPending) return;
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('accountPasskeys.renamed'));
        },
      },
    );
  });
  // Blank is told as it is typed (and Save is off), as the name is checked by its rule.
  const blank = !renameRule.safeParse(draft).success;
  const renameError = editing && blank ? t('validation.required') : rename.error ? t(webAuthnErrorKey(rename.error)) : null;

  return (
    <li className="grid gap-3 rounded-lg border border-border p-3.5 sm:p-4" data-testid="passkey-row">
      {editing ? (
        <form onSubmit={save} className="grid gap-3" aria-label={t('accountPasskeys.renameLabel', { name: label })}>
          <Field id={inputId} label={t('accountPasskeys.nameLabel')} error={renameError}>
            <Input
              id={inputId}
              {...form.register('name')}
              maxLength={NAME_MAX}
              autoComplete="off"
              // The field replaces the button that opened it; focus follows.
              autoFocus
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(false);
              }}
              aria-invalid={!!renameError}
              aria-describedby={fieldDescribedBy(inputId, { error: renameError })}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending || blank}>
              {rename.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {t('accountPasskeys.save')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <span className="hidden size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-soft-foreground sm:grid" aria-hidden="true">
            <KeyRound className="size-5" />
          </span>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="truncate font-medium" title={label} data-testid="passkey-name">
              {label}
            </p>
            <p className="text-sm text-muted-foreground">
              {[
                created ? t('accountPasskeys.created', { date: created }) : null,
                lastUsed ? t('accountPasskeys.lastUsed', { date: lastUsed }) : t('accountPasskeys.neverUsed'),
                passkey.backedUp ? t('accountPasskeys.synced') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <div className="flex gap-1">
            <Button
              ref={renameButton}
              variant="ghost"
              size="sm"
              onClick={() => {
                form.reset({ name: passkey.name ?? '' });
                rename.reset();
                setEditing(true);
              }}
              aria-label={t('accountPasskeys.renameLabel', { name: label })}
            >
              <Pencil aria-hidden="true" />
              <span className="hidden sm:inline">{t('accountPasskeys.rename')}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-danger"
              onClick={() => setConfirming(true)}
              aria-label={t('accountPasskeys.deleteLabel', { name: label })}
            >
              <Trash2 aria-hidden="true" />
              <span className="hidden sm:inline">{t('accountPasskeys.delete')}</span>
            </Button>
          </div>
        </div>
      )}
      {remove.error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(webAuthnErrorKey(remove.error))}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('accountPasskeys.deleteTitle', { name: label })}
        description={t('accountPasskeys.deleteText')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('accountPasskeys.deleteConfirm')}
        onConfirm={() => remove.mutate({ id: passkey.id }, { onSuccess: () => toast.success(t('accountPasskeys.deleted')) })}
      />
    </li>
  );
}
