import {
  announcementSettingSchema,
  CREDIT_REFILL_AMOUNT_MAX,
  CREDIT_REFILL_DAYS_MAX,
  creditRefillSchema,
  httpUrl,
  type AnnouncementSetting,
  type CreditRefill,
  type PublicAnnouncement,
} from '@curio/contract';
import { Save } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
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
import { ApiError, isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, everyCode, setServerErrors, typedNumber, useZodForm, type FormKeys } from '@/lib/form';
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

const ANNOUNCEMENT = announcementSettingSchema.shape;
const link = httpUrl();
/** An http(s) address or nothing (the contract's rule of links people enter). */
const isLinkOrBlank = (value: string) => !value.trim() || link.safeParse(value.trim()).success;
const refillAmountRule = typedNumber(creditRefillSchema.shape.amount);
const refillDaysRule = typedNumber(creditRefillSchema.shape.everyDays);
/** The announcement's rules apply while it is on; each is checked also while other fields are wrong (all told at once). */
const whenOn = { when: () => true } as const;

/** The contract's site settings rules on the form's fields (the announcement's and the allowance's flattened). */
const siteSettingsFormSchema = z
  .object({
    betaOpen: z.boolean(),
    maintenanceMode: z.boolean(),
    maintenanceStatusUrl: z.string().refine(isLinkOrBlank, { params: { fieldCode: 'invalid_format' } }),
    announcementOn: z.boolean(),
    title: z.string(),
    severity: ANNOUNCEMENT.severity.unwrap(),
    textEn: z.string(),
    textZh: z.string(),
    linkUrl: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    dismissible: z.boolean(),
    refillAmount: refillAmountRule,
    refillDays: refillDaysRule,
  })
  .refine((v) => !v.announcementOn || ANNOUNCEMENT.title.safeParse(v.title).success, { ...whenOn, path: ['title'], params: { fieldCode: 'required' } })
  .refine((v) => !v.announcementOn || ANNOUNCEMENT.textEn.safeParse(v.textEn).success, { ...whenOn, path: ['textEn'], params: { fieldCode: 'required' } })
  .refine((v) => !v.announcementOn || isLinkOrBlank(v.linkUrl), { ...whenOn, path: ['linkUrl'], params: { fieldCode: 'invalid_format' } })
  .refine(
    (v) => {
      const starts = fromLocalInput(v.startsAt);
      const ends = fromLocalInput(v.endsAt);
      return !v.announcementOn || !starts || !ends || ends > starts;
    },
    { ...whenOn, path: ['endsAt'], params: { fieldCode: 'too_small' } },
  );

const KEYS: FormKeys = {
  maintenanceStatusUrl: { invalid_format: 'adminPanel.settings.httpOnly' },
  title: { required: 'validation.required' },
  textEn: { required: 'validation.required' },
  linkUrl: { invalid_format: 'adminPanel.settings.httpOnly' },
  endsAt: { too_small: 'adminPanel.settings.endAfterStart' },
  refillAmount: everyCode('adminPanel.settings.refillAmountRule'),
  refillDays: everyCode('adminPanel.settings.refillDaysRule'),
};
const FIELDS = Object.keys(KEYS).concat('textZh', 'startsAt') as (keyof FormState)[];

/** The server's field paths as the form's fields (`announcement.title` → `title`, `creditRefill.amount` → `refillAmount`). */
function formFieldOf(path: string): string {
  if (path === 'creditRefill.amount') return 'refillAmount';
  if (path === 'creditRefill.everyDays') return 'refillDays';
  return path.replace(/^announcement\./, '');
}

/** What the banner would show, for the live preview. */
function previewOf(f: FormState, fallbackText: string): PublicAnnouncement {
  return {
    title: f.title || 'preview',
    text: f.textEn.trim() || fallbackText,
    textZh: f.textZh.trim() || null,
    locale: 'en',
    linkUrl: f.linkUrl.trim() && isLinkOrBlank(f.linkUrl) ? f.linkUrl.trim() : null,
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

  if (settings.error) return <InlineErrorFallback message={t(errorMessageKey(settings.error))} onRetry={() => void settings.refetch()} />;
  if (!settings.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  return <SiteSettingsForm initial={toForm(settings.data.settings)} />;
}

/** The form, from the settings as first loaded (and as saved). */
function SiteSettingsForm({ initial }: { initial: FormState }) {
  const { t } = useTranslation();
  const update = useUpdateAdminSettings();
  const id = useId();
  const rhf = useZodForm(siteSettingsFormSchema, { keys: KEYS, defaultValues: initial });
  const form = rhf.watch();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => rhf.setValue(key, value as never);

  // The allowance as typed, or null while a field holds no whole number in its range (the summary reads it).
  const refillAmountParsed = refillAmountRule.safeParse(form.refillAmount);
  const refillDaysParsed = refillDaysRule.safeParse(form.refillDays);
  const refillAmount = refillAmountParsed.success ? refillAmountParsed.data : null;
  const refillDays = refillDaysParsed.success ? refillDaysParsed.data : null;

  const submit = rhf.handleSubmit((values) => {
    const url = values.maintenanceStatusUrl.trim();
    update.mutate(
      {
        betaOpen: values.betaOpen,
        maintenanceMode: values.maintenanceMode,
        maintenanceStatusUrl: url || null,
        announcement: values.announcementOn
          ? {
              title: values.title.trim(),
              severity: values.severity,
              textEn: values.textEn.trim(),
              textZh: values.textZh.trim() || null,
              linkUrl: values.linkUrl.trim() || null,
              dismissible: values.dismissible,
              startsAt: fromLocalInput(values.startsAt),
              endsAt: fromLocalInput(values.endsAt),
            }
          : null,
        creditRefill: { amount: values.refillAmount, everyDays: values.refillDays },
      },
      {
        onSuccess: (data) => {
          rhf.reset(toForm(data.settings));
          toast.success(t('adminPanel.settings.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            const fields = Object.fromEntries(Object.entries(error.fields).map(([path, code]) => [formFieldOf(path), code]));
            setServerErrors(new ApiError(error.status, error.code, error.message, fields), rhf.setError, KEYS, FIELDS);
          }
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  });

  const errors = Object.fromEntries(FIELDS.map((name) => [name, errorText(t, rhf.formState.errors[name])])) as Record<string, string | null>;
  const f = (name: string) => `${id}-${name}`;
  const err = (name: string) => errors[name] ?? null;
  const inputProps = (name: keyof FormState, hint = false) => ({
    ...rhf.register(name),
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
          <Input {...inputProps('maintenanceStatusUrl', true)} type="url" inputMode="url" placeholder="https://status.example.com" />
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
                <Input {...inputProps('title', true)} maxLength={120} />
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
              <Textarea {...inputProps('textEn')} rows={2} maxLength={500} lang="en" />
            </Field>
            <Field id={f('textZh')} label={t('adminPanel.settings.textZh')} hint={t('adminPanel.settings.textZhHint')} error={err('textZh')}>
              <Textarea {...inputProps('textZh', true)} rows={2} maxLength={500} lang="zh-CN" />
            </Field>
            <Field id={f('linkUrl')} label={t('adminPanel.settings.link')} hint={t('adminPanel.settings.linkHint')} error={err('linkUrl')}>
              <Input {...inputProps('linkUrl', true)} type="url" inputMode="url" placeholder="https://" />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id={f('startsAt')} label={t('adminPanel.settings.startsAt')} hint={t('adminPanel.settings.startsAtHint')} error={err('startsAt')}>
                <Input {...inputProps('startsAt', true)} type="datetime-local" />
              </Field>
              <Field id={f('endsAt')} label={t('adminPanel.settings.endsAt')} hint={t('adminPanel.settings.endsAtHint')} error={err('endsAt')}>
                <Input {...inputProps('endsAt', true)} type="datetime-local" />
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
