import { Check, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { useFollowSuggested, usePeopleSuggestions } from '../api/discovery';

/**
 * Collectors to follow (the empty feed): who collects the same tags as the viewer, then the most followed, each with
 * a Follow button. A person followed here stays in the list, marked, until the page is left.
 */
export function PeopleSuggestions() {
  const { t } = useTranslation();
  const suggestions = usePeopleSuggestions();
  const follow = useFollowSuggested();
  const [followed, setFollowed] = useState<Set<string>>(new Set());
  const users = suggestions.data?.users ?? [];
  if (suggestions.isPending) return <div role="status" aria-label={t('feed.suggestionsLoading')} className="h-40 animate-pulse rounded-xl bg-surface-sunken" />;
  if (!users.length) return <p className="text-center text-muted-foreground">{t('feed.noSuggestions')}</p>;

  const pending = (userId: string) => follow.isPending && follow.variables?.userId === userId;
  const toggle = (userId: string, handle: string) => {
    const following = !followed.has(userId);
    follow.mutate(
      { userId, following },
      {
        onSuccess: (result) =>
          setFollowed((current) => {
            const next = new Set(current);
            if (result.following) next.add(userId);
            else next.delete(userId);
            return next;
          }),
        onError: () => toast.error(t('feed.followFailed', { handle })),
      },
    );
  };

  return (
    <section aria-labelledby="suggestions-title" className="grid gap-4" data-testid="people-suggestions">
      <h2 id="suggestions-title" className="font-display text-xl font-semibold tracking-tight">
        {t('feed.suggestionsTitle')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {users.map((person) => {
          const isFollowed = followed.has(person.userId);
          return (
            <li
              key={person.userId}
              className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3 shadow-soft"
              data-testid="suggested-person"
            >
              <UserAvatar handle={person.displayName || person.handle} imageId={person.avatarImageId} className="size-11" />
              <div className="min-w-0 flex-1">
                <Link to={paths.profile.getHref(person.handle)} className="block truncate font-medium underline-offset-2 hover:underline">
                  {person.displayName}
                </Link>
                <p className="truncate text-sm text-muted-foreground">
                  {person.sharedTags.length
                    ? t('feed.sharedTags', { tags: person.sharedTags.slice(0, 3).join(t('feed.tagSeparator')) })
                    : t('feed.followers', { count: person.followersCount })}
                </p>
              </div>
              <Button
                size="sm"
                variant={isFollowed ? 'secondary' : 'primary'}
                aria-pressed={isFollowed}
                aria-label={t(isFollowed ? 'feed.unfollowPerson' : 'feed.followPerson', { name: person.displayName })}
                // Not `disabled` while the follow is sent: a disabled button would drop the keyboard's focus.
                aria-disabled={pending(person.userId) || undefined}
                className="aria-disabled:opacity-55"
                onClick={() => {
                  if (!pending(person.userId)) toggle(person.userId, person.handle);
                }}
                data-testid="suggested-follow"
              >
                {isFollowed ? <Check aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
                {t(isFollowed ? 'feed.following' : 'feed.follow')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
