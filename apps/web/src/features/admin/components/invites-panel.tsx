import { adminInvitesCreateInputSchema, type AdminInvite, type AdminInvitesListInput } from '@curio/contract';
import { Ban, Copy, Download, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, everyCode, setServerErrors, typedNumber, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';
import { fetchAllInvites, useAdminInvites, useCreateInvites, useDisableInvite } from '../api/admin-site';
import { fromLocalInput, toCsv } from '../utils/dates';
import { Pager } from './pager';
import { FormattedInput } from '@/components/forms/formatted-input';
import { FormSwitch } from '@/components/forms/form-switch';

type Status = NonNullable<AdminInvitesListInput['status']>;
const STATUSES: Status[] = ['all', 'active', 'expired', 'disabled'];
const PAGE_SIZE = 25;

const STATUS_BADGE: Record<AdminInvite['status'], string> = {
  active: 'bg-accent-soft text-accent-soft-foreground',
  expired: 'bg-surface-sunken text-muted-foreground',
  disabled: 'bg-danger-bg text-danger-fg',
};

async function copyText(text: string) {
  await navigator.clipboard.writeText(text);
}

function downloadCsv(name: string, codes: AdminInvite[]) {
  const csv = toCsv([
    ['code', 'status', 'uses', 'max_uses', 'expires_at', 'grant_tester', 'grant_credits', 'notes', 'created_at'],
    ...codes.map((c) => [c.code, c.status, c.usesCount, c.maxUses, c.expiresAt ?? '', c.grantTester, c.grantCredits, c.notes ?? '', c.createdAt]),
  ]);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function StatusBadge({ status }: { status: AdminInvite['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_BADGE[status])}>{t(`adminPanel.invites.status.${status}`)}</span>
  );
}

const INVITE_RULES = adminInvitesCreateInputSchema.shape;
/** The contract's rules of a batch of codes, on what is typed (numbers as text, the expiry in local time). */
const invitesFormSchema = z.object({
  count: typedNumber(INVITE_RULES.count.unwrap()),
  prefix: INVITE_RULES.prefix,
  maxUses: typedNumber(INVITE_RULES.maxUses.unwrap()),
  expiresAt: z
    .string()
    .transform(fromLocalInput)
    .pipe(INVITE_RULES.expiresAt.unwrap())
    .refine((iso) => !iso || new Date(iso) > new Date(), { params: { fieldCode: 'too_small' } }),
  grantTester: z.boolean(),
  grantCredits: typedNumber(INVITE_RULES.grantCredits.unwrap()),
  notes: z
    .string()
    .transform((v) => v.trim() || null)
    .pipe(INVITE_RULES.notes.unwrap()),
});
const KEYS: FormKeys = {
  count: everyCode('adminPanel.invites.countRange'),
  prefix: everyCode('adminPanel.invites.prefixRule'),
  maxUses: everyCode('adminPanel.invites.usesRange'),
  expiresAt: everyCode('adminPanel.invites.expiryFuture'),
  grantCredits: everyCode('adminPanel.invites.creditsRange'),
};

function CreateInvitesForm() {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateInvites();
  const form = useZodForm(invitesFormSchema, {
    keys: KEYS,
    defaultValues: { count: '10', prefix: 'CURIO-', maxUses: '1', expiresAt: '', grantTester: false, grantCredits: '0', notes: '' },
  });
  const [created, setCreated] = useState<AdminInvite[] | null>(null);
  const errors = Object.fromEntries(
    (['count', 'prefix', 'maxUses', 'expiresAt', 'grantCredits', 'notes'] as const).map((name) => [name, errorText(t, form.formState.errors[name])]),
  );

  const submit = form.handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (data) => {
        setCreated(data.codes as AdminInvite[]);
        toast.success(t('adminPanel.invites.created', { count: data.codes.length }));
      },
      onError: (error) => {
        setServerErrors(error, form.setError, KEYS, ['count', 'prefix', 'maxUses', 'expiresAt', 'grantCredits', 'notes']);
        toast.error(t(errorMessageKey(error)));
      },
    });
  });

  const f = (name: string) => `${id}-${name}`;
  const props = (name: string, hint = false) => ({
    id: f(name),
    'aria-invalid': !!errors[name] || undefined,
    'aria-describedby': fieldDescribedBy(f(name), { error: errors[name], hint }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('adminPanel.invites.createTitle')}</CardTitle>
        <CardDescription>{t('adminPanel.invites.createText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5" data-testid="invites-create-form">
          <div className="grid gap-5 sm:grid-cols-3">
            <Field id={f('count')} label={t('adminPanel.invites.count')} error={errors.count}>
              <Input {...props('count')} type="number" inputMode="numeric" min={1} max={500} {...form.register('count')} />
            </Field>
            <Field id={f('prefix')} label={t('adminPanel.invites.prefix')} hint={t('adminPanel.invites.prefixHint')} error={errors.prefix}>
              <FormattedInput
                control={form.control}
                name="prefix"
                format={(typed) => typed.toUpperCase()}
                {...props('prefix', true)}
                className="font-mono"
                maxLength={12}
              />
            </Field>
            <Field id={f('maxUses')} label={t('adminPanel.invites.maxUses')} error={errors.maxUses}>
              <Input {...props('maxUses')} type="number" inputMode="numeric" min={1} {...form.register('maxUses')} />
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field id={f('expiresAt')} label={t('adminPanel.invites.expiresAt')} hint={t('adminPanel.invites.expiresAtHint')} error={errors.expiresAt}>
              <Input {...props('expiresAt', true)} type="datetime-local" {...form.register('expiresAt')} />
            </Field>
            <Field id={f('grantCredits')} label={t('adminPanel.invites.grantCredits')} error={errors.grantCredits}>
              <Input {...props('grantCredits')} type="number" inputMode="numeric" min={0} {...form.register('grantCredits')} />
            </Field>
            <div className="grid content-start gap-2">
              <label htmlFor={f('tester')} className="text-sm font-medium">
                {t('adminPanel.invites.grantTester')}
              </label>
              <div className="flex min-h-11 items-center gap-3">
                <FormSwitch control={form.control} name="grantTester" id={f('tester')} aria-describedby={`${f('tester')}-hint`} />
                <span id={`${f('tester')}-hint`} className="text-sm text-muted-foreground">
                  {t('adminPanel.invites.grantTesterHint')}
                </span>
              </div>
            </div>
          </div>
          <Field id={f('notes')} label={t('adminPanel.invites.notes')} hint={t('adminPanel.invites.notesHint')} error={errors.notes}>
            <Textarea {...props('notes', true)} rows={2} maxLength={500} {...form.register('notes')} />
          </Field>
          <div>
            <Button type="submit" disabled={create.isPending} data-testid="invites-create">
              <Plus aria-hidden="true" />
              {create.isPending ? t('adminPanel.invites.creating') : t('adminPanel.invites.create')}
            </Button>
          </div>
        </form>
        {created?.length ? (
          <div className="mt-6 grid gap-3 rounded-xl border border-border bg-surface-sunken p-4" data-testid="invites-created">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('adminPanel.invites.created', { count: created.length })}</h3>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    void copyText(created.map((c) => c.code).join('\n')).then(
                      () => toast.success(t('adminPanel.invites.copiedAll', { count: created.length })),
                      () => toast.error(t('adminPanel.invites.copyFailed')),
                    )
                  }
                >
                  <Copy aria-hidden="true" />
                  {t('adminPanel.invites.copyAll')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => downloadCsv(`invite-codes-${new Date().toISOString().slice(0, 10)}.csv`, created)}>
                  <Download aria-hidden="true" />
                  {t('adminPanel.invites.exportCsv')}
                </Button>
              </div>
            </div>
            <ul className="grid gap-1 font-mono text-sm sm:grid-cols-2 lg:grid-cols-3" aria-label={t('adminPanel.invites.newCodes')}>
              {created.map((c) => (
                <li key={c.id} data-testid="invite-new-code">
                  {c.code}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function InviteRow({ invite, onDisable }: { invite: AdminInvite; onDisable: (invite: AdminInvite) => void }) {
  const { t, i18n } = useTranslation();
  const dateFmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <tr className="border-t border-border align-top" data-testid="invite-row">
      <td className="py-3 pr-3">
        <div className="flex items-center gap-1">
          <span className="font-mono text-sm font-semibold" data-testid="invite-code">
            {invite.code}
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t('adminPanel.invites.copyOne', { code: invite.code })}
            onClick={() =>
              void copyText(invite.code).then(
                () => toast.success(t('adminPanel.invites.copied')),
                () => toast.error(t('adminPanel.invites.copyFailed')),
              )
            }
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        {invite.notes ? <p className="max-w-56 text-xs break-words text-muted-foreground">{invite.notes}</p> : null}
      </td>
      <td className="py-3 pr-3">
        <StatusBadge status={invite.status} />
      </td>
      <td className="py-3 pr-3 text-sm tabular-nums">
        {invite.usesCount} / {invite.maxUses}
      </td>
      <td className="py-3 pr-3 text-sm whitespace-nowrap">{invite.expiresAt ? dateFmt.format(new Date(invite.expiresAt)) : t('adminPanel.invites.never')}</td>
      <td className="py-3 pr-3 text-sm">
        {[
          invite.grantTester ? t('adminPanel.invites.testerGrant') : null,
          invite.grantCredits ? t('adminPanel.invites.creditsGrant', { count: invite.grantCredits }) : null,
        ]
          .filter(Boolean)
          .join(' · ') || '—'}
      </td>
      <td className="py-3 text-right">
        {invite.status !== 'disabled' ? (
          <Button variant="ghost" size="sm" onClick={() => onDisable(invite)} aria-label={t('adminPanel.invites.disableOne', { code: invite.code })}>
            <Ban aria-hidden="true" />
            {t('adminPanel.invites.disable')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/** Invite codes: make a batch; list, filter, copy, export and disable. */
export function InvitesPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(0);
  const list = useAdminInvites({ status, page, pageSize: PAGE_SIZE });
  const disable = useDisableInvite();
  const [confirm, setConfirm] = useState<AdminInvite | null>(null);
  const [exporting, setExporting] = useState(false);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const exportAll = async () => {
    setExporting(true);
    try {
      downloadCsv(`invite-codes-${status}-${new Date().toISOString().slice(0, 10)}.csv`, (await fetchAllInvites(status)) as AdminInvite[]);
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <CreateInvitesForm />
      <Card>
        <CardHeader>
          <CardTitle>{t('adminPanel.invites.listTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap gap-2" role="group" aria-label={t('adminPanel.invites.filter')}>
              {STATUSES.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={status === s}
                  onClick={() => {
                    setStatus(s);
                    setPage(0);
                  }}
                  className={cn(
                    'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium focus-visible:outline-3 focus-visible:outline-ring sm:min-h-9',
                    status === s ? 'border-foreground bg-foreground text-background' : 'border-border-strong bg-surface hover:bg-surface-sunken',
                  )}
                  data-testid={`invites-filter-${s}`}
                >
                  {t(`adminPanel.invites.filters.${s}`)}
                  <span className="tabular-nums opacity-75">{data?.counts[s] ?? ''}</span>
                </button>
              ))}
            </div>
            <Button variant="secondary" size="sm" onClick={() => void exportAll()} disabled={exporting || !data?.total}>
              <Download aria-hidden="true" />
              {t('adminPanel.invites.exportCsv')}
            </Button>
          </div>

          {list.error && !data ? (
            <InlineErrorFallback message={t(errorMessageKey(list.error))} onRetry={() => void list.refetch()} />
          ) : !data ? (
            <div role="status" aria-label={t('common.loading')} className="grid gap-2">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : data.codes.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-muted-foreground">{t('adminPanel.invites.empty')}</p>
          ) : (
            // Positioned, so that the header's visually hidden label stays inside the scroll box (absolutely placed, it
            // widened the page on a phone); focusable, so that the table scrolls by keyboard.
            <div className="relative -mx-6 overflow-x-auto px-6" tabIndex={0} role="region" aria-label={t('adminPanel.invites.listTitle')}>
              <table className="w-full min-w-[44rem] text-left">
                <caption className="sr-only">{t('adminPanel.invites.listTitle')}</caption>
                <thead className="text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="pb-2 font-semibold">
                      {t('adminPanel.invites.code')}
                    </th>
                    <th scope="col" className="pb-2 font-semibold">
                      {t('adminPanel.invites.statusLabel')}
                    </th>
                    <th scope="col" className="pb-2 font-semibold">
                      {t('adminPanel.invites.uses')}
                    </th>
                    <th scope="col" className="pb-2 font-semibold">
                      {t('adminPanel.invites.expires')}
                    </th>
                    <th scope="col" className="pb-2 font-semibold">
                      {t('adminPanel.invites.grants')}
                    </th>
                    <th scope="col" className="pb-2 font-semibold">
                      <span className="sr-only">{t('adminPanel.invites.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.codes.map((invite) => (
                    <InviteRow key={invite.id} invite={invite} onDisable={setConfirm} />
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <Pager page={page} pages={pages} onPage={setPage} />
        </CardContent>
      </Card>

      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('adminPanel.invites.disableTitle', { code: confirm?.code ?? '' })}
        description={t('adminPanel.invites.disableText')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('adminPanel.invites.disable')}
        confirmTestId="invite-disable-confirm"
        onConfirm={() => {
          if (!confirm) return;
          disable.mutate(confirm.id, {
            onSuccess: () => toast.success(t('adminPanel.invites.disabled', { code: confirm.code })),
            onError: (error) => toast.error(t(errorMessageKey(error))),
          });
        }}
      />
    </div>
  );
}
