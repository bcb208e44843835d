import { tagParamSchema } from '@curio/contract';
import { Hash } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { errorText, useZodForm, type FormKeys } from '@/lib/form';
import { useMutesList, useSetMute } from '../api/mutes';

const muteTagSchema = z.object({ tag: tagParamSchema });
const KEYS: FormKeys = { tag: { required: 'mutes.tagRequired', too_long: 'mutes.tagTooLong' } };

/**
 * One's own filters: muted tags (added here by name) and muted people (muted from their profile), each with Unmute.
 * Their items leave one's explore, feed, search and tag pages, their comments and notifications one's view; nobody is told.
 */
export function MutesList() {
  const { t } = useTranslation();
  const id = useId();
  const mutes = useMutesList();
  const setMute = useSetMute();
  const form = useZodForm(muteTagSchema, { keys: KEYS, defaultValues: { tag: '' } });
  const tagError = errorText(t, form.formState.errors.tag);

  const addTag = form.handleSubmit(({ tag }) =>
    setMute.mutateAsync({ tag, muted: true }).then(
      () => {
        toast.success(t('mutes.tagMuted', { tag }));
        form.reset();
      },
      () => toast.error(t('mutes.failed')),
    ),
  );
  const unmute = (input: { tag: string } | { userId: string }, name: string) =>
    setMute.mutate({ ...input, muted: false }, { onSuccess: () => toast.success(t('mutes.unmuted', { name })), onError: () => toast.error(t('mutes.failed')) });
  const tags = mutes.data?.tags ?? [];
  const users = mutes.data?.users ?? [];

  return (
    <Card data-testid="mutes">
      <CardHeader>
        <CardTitle>{t('mutes.title')}</CardTitle>
        <CardDescription>{t('mutes.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={(e) => void addTag(e)} noValidate className="flex flex-wrap items-end gap-3">
          <Field id={`${id}-tag`} label={t('mutes.tagLabel')} error={tagError} className="min-w-0 flex-1 basis-48">
            <Input {...form.register('tag')} {...fieldControlProps(`${id}-tag`, { error: tagError })} autoComplete="off" data-testid="mute-tag-input" />
          </Field>
          <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting} data-testid="mute-tag-submit">
            {t('mutes.muteTag')}
          </Button>
        </form>
        <section aria-labelledby={`${id}-tags`} className="grid gap-2">
          <h3 id={`${id}-tags`} className="text-sm font-semibold">
            {t('mutes.tagsTitle')}
          </h3>
          {tags.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('mutes.tagsEmpty')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {tags.map(({ tag }) => (
                <li
                  key={tag}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-surface py-1 pr-1 pl-3 text-sm"
                  data-testid="muted-tag"
                >
                  <Hash className="size-3.5 text-muted-foreground" aria-hidden="true" />
                  <Link to={paths.tag.getHref(tag)} className="underline-offset-2 hover:underline">
                    {tag}
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-9 rounded-full"
                    onClick={() => unmute({ tag }, `#${tag}`)}
                    aria-label={t('mutes.unmuteTag', { tag })}
                  >
                    {t('mutes.unmute')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby={`${id}-people`} className="grid gap-2">
          <h3 id={`${id}-people`} className="text-sm font-semibold">
            {t('mutes.peopleTitle')}
          </h3>
          {users.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('mutes.peopleEmpty')}</p>
          ) : (
            <ul className="grid gap-2">
              {users.map((u) => (
                <li key={u.userId} className="flex items-center gap-3 rounded-lg border border-border p-2" data-testid="muted-user">
                  <UserAvatar handle={u.handle} imageId={u.avatarImageId} />
                  <Link to={paths.profile.getHref(u.handle)} className="min-w-0 flex-1 underline-offset-2 hover:underline">
                    <span className="block truncate font-medium">{u.displayName}</span>
                    <span className="block truncate text-sm text-muted-foreground">@{u.handle}</span>
                  </Link>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => unmute({ userId: u.userId }, `@${u.handle}`)}
                    aria-label={t('mutes.unmuteUser', { handle: u.handle })}
                  >
                    {t('mutes.unmute')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
