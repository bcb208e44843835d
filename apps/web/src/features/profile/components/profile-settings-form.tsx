import { BIO_MAX, DISPLAY_NAME_MAX, onboardingInputSchema, profileHandleChangeInputSchema } from '@curio/contract';
import { Check, ExternalLink, ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionalMark } from '@/components/ui/optional-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { CONTRACT_KEYS, errorText, useZodForm, type FormKeys } from '@/lib/form';
import { imageUrl } from '@/lib/image-url';
import { useProfileMe } from '../api/get-profile-me';
import { uploadAvatar, useChangeHandle, useUpdateProfile } from '../api/update-profile';
import { FormattedInput } from '@/components/forms/formatted-input';

/** A display name (required) and a bio, by the contract's profile rules; the handle by its own. */
const detailsFormSchema = onboardingInputSchema.pick({ displayName: true, bio: true });
const KEYS: FormKeys = {
  displayName: CONTRACT_KEYS.displayName,
  bio: CONTRACT_KEYS.bio,
  handle: { required: 'onboarding.handleInvalid', invalid_format: 'onboarding.handleInvalid', taken: 'onboarding.handleTaken' },
};

type Me = NonNullable<NonNullable<ReturnType<typeof useProfileMe>['data']>['profile']>;

/** /settings/profile: avatar (upload with preview), display name and bio, and the handle. */
export function ProfileSettingsForm() {
  const { t } = useTranslation();
  const me = useProfileMe();
  const profile = me.data?.profile;
  if (me.error && !me.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t(errorMessageKey(me.error))}</p>
        <Button variant="secondary" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!profile) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <AvatarCard profile={profile} />
      <DetailsCard key={`${profile.displayName}\u0000${profile.bio ?? ''}`} profile={profile} />
      <HandleCard key={profile.handle} profile={profile} />
      <p>
        <Link
          to={paths.profile.getHref(profile.handle)}
          className="inline-flex min-h-11 items-center gap-1.5 font-medium text-accent underline-offset-4 hover:underline"
          data-testid="view-profile"
        >
          {t('profileSettings.viewProfile')}
          <ExternalLink className="size-4" aria-hidden="true" />
        </Link>
      </p>
    </div>
  );
}

function AvatarCard({ profile }: { profile: Me }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError(t('errors.upload_invalid'));
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      const imageId = await uploadAvatar(file);
      await update.mutateAsync({ avatarImageId: imageId });
      toast.success(t('profileSettings.avatarSaved'));
    } catch (err) {
      setPreview(null);
      setError(t(errorMessageKey(err)));
    } finally {
      setUploading(false);
    }
  };

  const remove = () =>
    update.mutate(
      { avatarImageId: null },
      {
        onSuccess: () => {
          setPreview(null);
          toast.success(t('profileSettings.avatarRemoved'));
        },
        onError: (err) => setError(t(errorMessageKey(err))),
      },
    );

  const shown = preview ?? (profile.avatarImageId ? imageUrl(profile.avatarImageId, 'avatar') : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profileSettings.avatarTitle')}</CardTitle>
        <CardDescription>{t('profileSettings.avatarHint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-5">
        <div className="relative">
          {shown ? (
            <img
              src={shown}
              alt={t('profileSettings.avatarPreview')}
              className="size-24 rounded-full bg-surface-sunken object-cover"
              data-testid="avatar-preview"
            />
          ) : (
            <UserAvatar handle={profile.displayName || profile.handle} imageId={null} className="size-24 text-4xl" />
          )}
          {uploading ? (
            <span
              className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40 text-white"
              role="status"
              aria-label={t('profileSettings.uploading')}
            >
              <Loader2 className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            </span>
          ) : null}
        </div>
        <div className="grid gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif"
            className="sr-only"
            onChange={(e) => void onFile(e)}
            data-testid="avatar-input"
            tabIndex={-1}
            aria-hidden="true"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={uploading} data-testid="avatar-choose">
              <ImagePlus className="size-4" aria-hidden="true" />
              {profile.avatarImageId ? t('profileSettings.avatarChange') : t('profileSettings.avatarUpload')}
            </Button>
            {profile.avatarImageId && !uploading ? (
              <Button variant="ghost" onClick={remove} disabled={update.isPending} data-testid="avatar-remove">
                <Trash2 className="size-4" aria-hidden="true" />
                {t('profileSettings.avatarRemove')}
              </Button>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-danger" data-testid="avatar-error">
              {error}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function DetailsCard({ profile }: { profile: Me }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useZodForm(detailsFormSchema, { keys: KEYS, defaultValues: { displayName: profile.displayName, bio: profile.bio ?? '' } });
  const [saved, setSaved] = useState(false);
  const bio = form.watch('bio') ?? '';
  const errors = { displayName: errorText(t, form.formState.errors.displayName), bio: errorText(t, form.formState.errors.bio) };

  const submit = form.handleSubmit(({ displayName, bio }) => {
    update.mutate(
      { displayName, bio },
      {
        onSuccess: () => {
          setSaved(true);
          toast.success(t('profileSettings.saved'));
        },
        onError: (error) => toast.error(t(errorMessageKey(error))),
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profileSettings.detailsTitle')}</CardTitle>
        <CardDescription>{t('profileSettings.detailsHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-xl gap-5" data-testid="profile-details-form">
          <Field id="settings-display-name" label={t('onboarding.displayNameLabel')} error={errors.displayName}>
            <Input
              {...form.register('displayName', { onChange: () => setSaved(false) })}
              maxLength={DISPLAY_NAME_MAX + 10}
              {...fieldControlProps('settings-display-name', { error: errors.displayName })}
              autoComplete="nickname"
              data-testid="settings-display-name"
            />
          </Field>
          <Field
            id="settings-bio"
            label={
              <>
                {t('onboarding.bioLabel')}
                <OptionalMark />
              </>
            }
            error={errors.bio}
            hint={<span className="tabular-nums">{t('onboarding.bioCounter', { count: bio.length, max: BIO_MAX })}</span>}
          >
            <Textarea
              {...form.register('bio', { onChange: () => setSaved(false) })}
              rows={3}
              maxLength={BIO_MAX + 50}
              placeholder={t('onboarding.bioPlaceholder')}
              {...fieldControlProps('settings-bio', { error: errors.bio, hint: true })}
              data-testid="settings-bio"
            />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={update.isPending} data-testid="settings-profile-save">
              {t('profileSettings.save')}
            </Button>
            {saved ? (
              <p role="status" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <Check className="size-4 text-accent" aria-hidden="true" />
                {t('profileSettings.saved')}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function HandleCard({ profile }: { profile: Me }) {
  const { t } = useTranslation();
  const change = useChangeHandle();
  const form = useZodForm(profileHandleChangeInputSchema, { keys: KEYS, defaultValues: { handle: profile.handle } });
  const [saved, setSaved] = useState(false);
  const handle = form.watch('handle');
  const unchanged = handle === profile.handle;
  const error = errorText(t, form.formState.errors.handle);

  const submit = form.handleSubmit(({ handle }) => {
    if (unchanged) return;
    change.mutate(handle, {
      onSuccess: () => {
        setSaved(true);
        toast.success(t('profileSettings.handleSaved', { handle }));
      },
      onError: (err) => {
        if (isApiError(err) && (err.code === 'handle_taken' || err.status === 409))
          form.setError('handle', { type: 'taken', message: 'onboarding.handleTaken' });
        else if (isApiError(err) && err.fields?.handle) form.setError('handle', { message: 'onboarding.handleInvalid' });
        else form.setError('handle', { message: errorMessageKey(err) });
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profileSettings.handleTitle')}</CardTitle>
        <CardDescription>{t('profileSettings.handleWarning')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-xl gap-5" data-testid="profile-handle-form">
          <Field id="settings-handle" label={t('onboarding.handleLabel')} error={error} hint={t('onboarding.handleHint')}>
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
                @
              </span>
              <FormattedInput
                control={form.control}
                name="handle"
                format={(typed) => typed.toLowerCase()}
                onTyped={() => {
                  setSaved(false);
                  form.clearErrors('handle');
                }}
                maxLength={30}
                className="pl-7"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                {...fieldControlProps('settings-handle', { error, hint: true })}
                data-testid="settings-handle"
              />
            </div>
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="secondary" disabled={unchanged || change.isPending} data-testid="settings-handle-save">
              {t('profileSettings.handleSave')}
            </Button>
            {saved ? (
              <p role="status" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <Check className="size-4 text-accent" aria-hidden="true" />
                {t('profileSettings.handleSaved', { handle: profile.handle })}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
