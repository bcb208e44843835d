import { DM_OPTIONS, settingsUpdateInputSchema, type SettingsUpdate } from '@curio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { UnsavedChangesGuard } from '@/components/forms/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessageKey } from '@/lib/error-messages';
import { useZodForm } from '@/lib/form';
import { settingsKeys } from '@/lib/query-keys';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { BlockedUsersList } from './blocked-users-list';
import { MutesList } from './mutes-list';
import { FormSwitch } from '@/components/forms/form-switch';

type Draft = Required<SettingsUpdate>;
type SettingsResult = NonNullable<ReturnType<typeof useSettings>['data']>;

/** Every setting is sent (the contract's update, all fields). */
const privacyFormSchema = settingsUpdateInputSchema.required();

/** One switch with its label and a one-line explanation. */
function SwitchRow({
  label,
  hint,
  control,
  name,
  onChange,
  testId,
}: {
  label: string;
  hint: ReactNode;
  control: Control<Draft>;
  name: 'includeNSFW' | 'profilePublic' | 'analyticsOptOut';
  onChange: () => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <div id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </div>
      </div>
      <FormSwitch control={control} name={name} onChanged={onChange} id={id} aria-describedby={`${id}-hint`} data-testid={testId} className="mt-1" />
    </div>
  );
}

/** /settings/privacy: who may message, NSFW default, public profile, analytics opt-out, and the block list; leaving with changes not saved asks first. */
export function PrivacySettingsForm() {
  const { t } = useTranslation();
  const settings = useSettings();
  const data = settings.data;

  if (settings.error && !data) {
    return (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t('privacySettings.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    );
  }
  return <PrivacyForm data={data} />;
}

/** The form, from the settings as first loaded (a later load does not overwrite what is being changed). */
function PrivacyForm({ data }: { data: SettingsResult }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateSettings();
  const [saved, setSaved] = useState(false);
  const dmGroupId = useId();
  const doNotTrack = typeof navigator !== 'undefined' && navigator.doNotTrack === '1';
  const form = useZodForm(privacyFormSchema, {
    defaultValues: {
      allowDMs: data.settings.allow_dms,
      includeNSFW: data.settings.include_nsfw,
      profilePublic: data.profilePublic,
      analyticsOptOut: data.settings.analytics_opt_out,
    },
  });
  const draft = form.watch();

  const dirty =
    draft.allowDMs !== data.settings.allow_dms ||
    draft.includeNSFW !== data.settings.include_nsfw ||
    draft.profilePublic !== data.profilePublic ||
    draft.analyticsOptOut !== data.settings.analytics_opt_out;

  const changed = () => setSaved(false);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (result) => {
        queryClient.setQueryData(settingsKeys.mine(), result);
        setSaved(true);
        toast.success(t('privacySettings.saved'));
      },
      onError: (error) => toast.error(t(errorMessageKey(error) === 'common.error' ? 'privacySettings.saveFailed' : errorMessageKey(error))),
    });
  });

  return (
    <div className="grid gap-6">
      <UnsavedChangesGuard when={dirty && !update.isPending} />
      <form onSubmit={onSubmit} className="grid gap-6" data-testid="privacy-form">
        <Card>
          <CardHeader>
            <CardTitle>{t('privacySettings.messagesTitle')}</CardTitle>
            <CardDescription>{t('privacySettings.messagesHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset className="grid gap-2" aria-describedby={`${dmGroupId}-legend`}>
              <legend id={`${dmGroupId}-legend`} className="mb-2 font-medium">
                {t('privacySettings.allowDMs')}
              </legend>
              {DM_OPTIONS.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent-soft/50"
                >
                  <input
                    type="radio"
                    {...form.register('allowDMs', { onChange: changed })}
                    value={option}
                    className="size-4 accent-[var(--accent)]"
                    data-testid={`privacy-dm-${option}`}
                  />
                  <span>{t(`privacySettings.dm.${option}`)}</span>
                </label>
              ))}
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('privacySettings.visibilityTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="divide-y divide-border pt-3">
            <SwitchRow
              label={t('privacySettings.profilePublic')}
              hint={t('privacySettings.profilePublicHint')}
              control={form.control}
              name="profilePublic"
              onChange={changed}
              testId="privacy-public"
            />
            <SwitchRow
              label={t('privacySettings.includeNSFW')}
              hint={t('privacySettings.includeNSFWHint')}
              control={form.control}
              name="includeNSFW"
              onChange={changed}
              testId="privacy-nsfw"
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('privacySettings.analyticsTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="pt-3">
            <SwitchRow
              label={t('privacySettings.analyticsOptOut')}
              hint={
                <>
                  <p>{t('privacySettings.analyticsNote')}</p>
                  {doNotTrack ? (
                    <p className="mt-1 font-medium text-foreground" data-testid="privacy-dnt">
                      {t('privacySettings.doNotTrackOn')}
                    </p>
                  ) : null}
                </>
              }
              control={form.control}
              name="analyticsOptOut"
              onChange={changed}
              testId="privacy-analytics"
            />
          </CardContent>
        </Card>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={update.isPending} data-testid="privacy-save">
            {update.isPending ? t('privacySettings.saving') : t('privacySettings.save')}
          </Button>
          {saved ? (
            <p role="status" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="privacy-saved">
              <Check className="size-4 text-accent" aria-hidden="true" />
              {t('privacySettings.saved')}
            </p>
          ) : null}
        </div>
      </form>

      <BlockedUsersList users={data.blockedUsers} />
      <MutesList />
    </div>
  );
}
