import { CREDIT_REFILL_AMOUNT_MAX, CREDIT_REFILL_DAYS_MAX, type AnnouncementSetting, type CreditRefill, type PublicAnnouncement } from '@curio/contract';
import { Save } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { AnnouncementBar } from '@/components/layout/announcement-bar';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { useAdminSettings, useUpdateAdminSettings } from '../api/admin-site';
import { fromLocalInput, toLocalInput } from '../utils/dates';

type Severity = AnnouncementSetting['severity'];
const SEVERITIES: Severity[] = ['info', 'warning', 'danger'];

interface FormState {
  betaOpen: boolean;
  maintenanceMode: boolean;
  maintenanceStatusUrl: string;
  announcementOn: boolean;
  title: string;
  severity: Severity;
  textEn: string;
  textZh: string;
  linkUrl: string;
  startsAt: string;
  endsAt: string;
  dismissible: boolean;
  refillAmount: string;
  refillDays: string;
}

function toForm(s: {
  betaOpen: boolean;
  maintenanceMode: boolean;
  maintenanceStatusUrl: string | null;
  announcement: AnnouncementSetting | null;
  creditRefill: CreditRefill;
}): FormState {
  const a = s.announcement;
  return {
    betaOpen: s.betaOpen,
    maintenanceMode: s.maintenanceMode,
    maintenanceStatusUrl: s.maintenanceStatusUrl ?? '',
    announcementOn: !!a,
    title: a?.title ?? '',
    severity: a?.severity ?? 'info',
    textEn: a?.textEn ?? '',
    textZh: a?.textZh ?? '',
    linkUrl: a?.linkUrl ?? '',
    startsAt: toLocalInput(a?.startsAt),
    endsAt: toLocalInput(a?.endsAt),
    dismissible: a?.dismissible ?? true,
    refillAmount: String(s.creditRefill.amount),
    refillDays: String(s.creditRefill.everyDays),
  };
}

/** A whole number from `min` to `max` typed into a field, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** What the banner would show, for the live preview. */
function previewOf(f: FormState, fallbackText: string): PublicAnnouncement {
  return {
    title: f.title || 'preview',
    text: f.textEn.trim() || fallbackText,
    textZh: f.textZh.trim() || null,
    locale: 'en',
    linkUrl: /^https?:\/\/\S+$/i.test(f.linkUrl.trim()) ? f.linkUrl.trim() : null,
    dismissible: f.dismissible,
    severity: f.severity,
  };
}

function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} data-testid={testId} />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

/** Site settings: open beta, maintenance (with a status link), the announcement with a live preview, and the credit allowance. */
export function SiteSettingsPanel() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  const update = useUpdateAdminSettings();
  const id = useId();
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !form) setForm(toForm(settings.data.settings));
  }, [settings.data, form]);

  if (settings.error) return <InlineErrorFallback message={t(errorMessageKey(settings.error))} onRetry={() => void settings.refetch()} />;
  if (!form) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const req = t('validation.required');

  // The allowance as typed, or null while a field holds no whole number in its range (the summary and Save read it).
  const refillAmount = wholeNumber(form.refillAmount, 0, CREDIT_REFILL_AMOUNT_MAX);
  const refillDays = wholeNumber(form.refillDays, 1, CREDIT_REFILL_DAYS_MAX);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const url = form.maintenanceStatusUrl.trim();
    if (url && !/^https?:\/\/\S+$/i.test(url)) next.maintenanceStatusUrl = t('adminPanel.settings.httpOnly');
    if (form.announcementOn) {
      if (!form.title.trim()) next.title = req;
      if (!form.textEn.trim()) next.textEn = req;
      if (form.linkUrl.trim() && !/^https?:\/\/\S+$/i.test(form.linkUrl.trim())) next.linkUrl = t('adminPanel.settings.httpOnly');
      const starts = fromLocalInput(form.startsAt);
      const ends = fromLocalInput(form.endsAt);
      if (starts && ends && ends <= starts) next.endsAt = t('adminPanel.settings.endAfterStart');
    }
    if (refillAmount === null) next.refillAmount = t('adminPanel.settings.refillAmountRule');
    if (refillDays === null) next.refillDays = t('adminPanel.settings.refillDaysRule');
    setErrors(next);
    if (Object.keys(next).length) return;
    update.mutate(
      {
        betaOpen: form.betaOpen,
        maintenanceMode: form.maintenanceMode,
        maintenanceStatusUrl: url || null,
        announcement: form.announcementOn
          ? {
              title: form.title.trim(),
              severity: form.severity,
              textEn: form.textEn.trim(),
              textZh: form.textZh.trim() || null,
              linkUrl: form.linkUrl.trim() || null,
              dismissible: form.dismissible,
              startsAt: fromLocalInput(form.startsAt),
              endsAt: fromLocalInput(form.endsAt),
            }
          : null,
        creditRefill: { amount: refillAmount!, everyDays: refillDays! },
      },
      {
        onSuccess: (data) => {
          setForm(toForm(data.settings));
          toast.success(t('adminPanel.settings.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            const mapped: Record<string, string> = {};
            for (const [field, message] of Object.entries(error.fields)) {
              if (field === 'creditRefill.amount') mapped.refillAmount = t('adminPanel.settings.refillAmountRule');
              else if (field === 'creditRefill.everyDays') mapped.refillDays = t('adminPanel.settings.refillDaysRule');
              else mapped[field.replace(/^announcement\./, '')] = message;
            }
            setErrors(mapped);
          }
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  };

  const f = (name: string) => `${id}-${name}`;
  const err = (name: string) => errors[name] ?? null;
  const inputProps = (name: string, hint = false) => ({
    id: f(name),
    'aria-invalid': !!errors[name] || undefined,
    'aria-describedby': fieldDescribedBy(f(name), { error: errors[name], hint }),
  });
  const preview = previewOf(form, t('adminPanel.settings.previewPlaceholder'));

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" data-testid="admin-settings-form">
      <Section title={t('adminPanel.settings.accessTitle')} description={t('adminPanel.settings.accessText')}>
        <SwitchRow
          id={f('beta')}
          label={t('adminPanel.settings.betaOpen')}
          hint={t('adminPanel.settings.betaOpenHint')}
          checked={form.betaOpen}
          onChange={(v) => set('betaOpen', v)}
          testId="admin-beta-open"
        />
        <SwitchRow
          id={f('maintenance')}
          label={t('adminPanel.settings.maintenance')}
          hint={t('adminPanel.settings.maintenanceHint')}
          checked={form.maintenanceMode}
          onChange={(v) => set('maintenanceMode', v)}
          testId="admin-maintenance"
        />
        <Field
          id={f('maintenanceStatusUrl')}
          label={t('adminPanel.settings.statusUrl')}
          hint={t('adminPanel.settings.statusUrlHint')}
          error={err('maintenanceStatusUrl')}
        >
          <Input
            {...inputProps('maintenanceStatusUrl', true)}
            type="url"
            inputMode="url"
            placeholder="https://status.example.com"
            value={form.maintenanceStatusUrl}
            onChange={(e) => set('maintenanceStatusUrl', e.target.value)}
          />
        </Field>
      </Section>

      <Section title={t('adminPanel.settings.announcementTitle')} description={t('adminPanel.settings.announcementText')}>
        <SwitchRow
          id={f('announcementOn')}
          label={t('adminPanel.settings.announcementOn')}
          hint={t('adminPanel.settings.announcementOnHint')}
          checked={form.announcementOn}
          onChange={(v) => set('announcementOn', v)}
          testId="admin-announcement-on"
        />
        {form.announcementOn ? (
          <>
            <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
              <Field id={f('title')} label={t('adminPanel.settings.title')} hint={t('adminPanel.settings.titleHint')} error={err('title')}>
                <Input {...inputProps('title', true)} maxLength={120} value={form.title} onChange={(e) => set('title', e.target.value)} />
              </Field>
              <Field id={f('severity')} label={t('adminPanel.settings.severity')}>
                <NativeSelect id={f('severity')} value={form.severity} onChange={(e) => set('severity', e.target.value as Severity)}>
                  {SEVERITIES.map((s) => (
                    <option key={s} value={s}>
                      {t(`adminPanel.settings.severities.${s}`)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <Field id={f('textEn')} label={t('adminPanel.settings.textEn')} error={err('textEn')}>
              <Textarea {...inputProps('textEn')} rows={2} maxLength={500} lang="en" value={form.textEn} onChange={(e) => set('textEn', e.target.value)} />
            </Field>
            <Field id={f('textZh')} label={t('adminPanel.settings.textZh')} hint={t('adminPanel.settings.textZhHint')} error={err('textZh')}>
              <Textarea
                {...inputProps('textZh', true)}
                rows={2}
                maxLength={500}
                lang="zh-CN"
                value={form.textZh}
                onChange={(e) => set('textZh', e.target.value)}
              />
            </Field>
            <Field id={f('linkUrl')} label={t('adminPanel.settings.link')} hint={t('adminPanel.settings.linkHint')} error={err('linkUrl')}>
              <Input
                {...inputProps('linkUrl', true)}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={form.linkUrl}
                onChange={(e) => set('linkUrl', e.target.value)}
              />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id={f('startsAt')} label={t('adminPanel.settings.startsAt')} hint={t('adminPanel.settings.startsAtHint')} error={err('startsAt')}>
                <Input {...inputProps('startsAt', true)} type="datetime-local" value={form.startsAt} onChange={(e) => set('startsAt', e.target.value)} />
              </Field>
              <Field id={f('endsAt')} label={t('adminPanel.settings.endsAt')} hint={t('adminPanel.settings.endsAtHint')} error={err('endsAt')}>
                <Input {...inputProps('endsAt', true)} type="datetime-local" value={form.endsAt} onChange={(e) => set('endsAt', e.target.value)} />
              </Field>
            </div>
            <SwitchRow
              id={f('dismissible')}
              label={t('adminPanel.settings.dismissible')}
              hint={t('adminPanel.settings.dismissibleHint')}
              checked={form.dismissible}
              onChange={(v) => set('dismissible', v)}
            />
            <div className="grid gap-3" data-testid="announcement-preview">
              <h3 className="text-sm font-semibold">{t('adminPanel.settings.preview')}</h3>
              <div className="grid gap-2">
                <p className="text-xs text-muted-foreground">{t('adminPanel.settings.previewEn')}</p>
                <AnnouncementBar announcement={preview} preview={{ language: 'en' }} />
                <p className="mt-1 text-xs text-muted-foreground">{t('adminPanel.settings.previewZh')}</p>
                <AnnouncementBar announcement={preview} preview={{ language: 'zh-CN' }} />
              </div>
            </div>
          </>
        ) : null}
      </Section>

      <Section title={t('adminPanel.settings.creditsTitle')} description={t('adminPanel.settings.creditsText')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={f('refillAmount')}
            label={t('adminPanel.settings.refillAmount')}
            hint={t('adminPanel.settings.refillAmountHint')}
            error={err('refillAmount')}
          >
            <Input
              {...inputProps('refillAmount', true)}
              type="number"
              inputMode="numeric"
              min={0}
              max={CREDIT_REFILL_AMOUNT_MAX}
              step={1}
              value={form.refillAmount}
              onChange={(e) => set('refillAmount', e.target.value)}
              data-testid="admin-refill-amount"
            />
          </Field>
          <Field id={f('refillDays')} label={t('adminPanel.settings.refillDays')} hint={t('adminPanel.settings.refillDaysHint')} error={err('refillDays')}>
            <div className="flex items-center gap-2">
              <Input
                {...inputProps('refillDays', true)}
                type="number"
                inputMode="numeric"
                min={1}
                max={CREDIT_REFILL_DAYS_MAX}
                step={1}
                value={form.refillDays}
                onChange={(e) => set('refillDays', e.target.value)}
                data-testid="admin-refill-days"
              />
              <span className="text-sm text-muted-foreground">{t('adminPanel.settings.refillDaysUnit')}</span>
            </div>
          </Field>
        </div>
        {refillAmount !== null && refillDays !== null ? (
          <p className="rounded-lg bg-surface-sunken px-3 py-2 text-sm" data-testid="admin-refill-summary">
            {refillAmount === 0 ? t('adminPanel.settings.refillOff') : t('adminPanel.settings.refillSummary', { amount: refillAmount, count: refillDays })}
          </p>
        ) : null}
      </Section>

      <div className="sticky bottom-3 z-10 flex justify-end">
        <Button type="submit" size="lg" disabled={update.isPending} data-testid="admin-settings-save" data-toast-clear className="shadow-lift">
          <Save aria-hidden="true" />
          {update.isPending ? t('adminPanel.settings.saving') : t('adminPanel.settings.save')}
        </Button>
      </div>
    </form>
  );
}
