import type { FunctionOutput } from '@curio/contract';
import { Globe, Lock, Pencil, Target, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MessageButton } from '@/components/social/message-button';
import { ReportButton } from '@/components/social/report-button';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';
import { cn } from '@/lib/utils';
import { useToggleFollow } from '../api/toggle-follow';
import type { FollowKind } from '../api/get-follows';
import { FollowsDialog } from './follows-dialog';
import { MuteButton } from './mute-button';

export type VisibleProfile = Extract<FunctionOutput<'profile-get'>, { access: 'visible' }>;

/** Avatar, name, badge, @handle, bio, the counts (open the lists) and the one primary action. */
export function ProfileHeader({ data }: { data: VisibleProfile }) {
  const { t, i18n } = useTranslation();
  const { profile, viewer } = data;
  const follow = useToggleFollow(profile.handle);
  const [list, setList] = useState<FollowKind | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const onFollow = () => {
    if (follow.isPending) return;
    const following = !viewer.following;
    track('follow_clicked', { targetUserId: profile.userId, following });
    follow.mutate(
      { targetUserId: profile.userId, following },
      {
        // The spec's titles (Following / Unfollow); the handle goes in the description.
        onSuccess: (result) =>
          result.following
            ? toast.success(t('profile.toastFollowing'), { description: t('profile.toastFollowingText', { handle: profile.handle }) })
            : toast.success(t('profile.toastUnfollow'), { description: t('profile.toastUnfollowText', { handle: profile.handle }) }),
        onError: () => toast.error(t('common.error')),
      },
    );
  };

  const counts: { kind: FollowKind; count: number }[] = [
    { kind: 'followers', count: profile.followersCount },
    { kind: 'following', count: profile.followingCount },
  ];

  return (
    <header className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start sm:gap-6">
      <UserAvatar
        handle={profile.displayName || profile.handle}
        imageId={profile.avatarImageId}
        className="size-20 text-3xl sm:size-28 sm:text-4xl"
        testId="profile-avatar"
      />
      <div className="grid min-w-0 gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl" data-testid="profile-name">
              {profile.displayName}
            </h1>
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
                profile.public ? 'bg-accent-soft text-accent-soft-foreground' : 'bg-surface-sunken text-muted-foreground',
              )}
              data-testid="profile-visibility"
            >
              {profile.public ? <Globe className="size-3.5" aria-hidden="true" /> : <Lock className="size-3.5" aria-hidden="true" />}
              {profile.public ? t('profile.public') : t('profile.private')}
            </span>
          </div>
          <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
            <span data-testid="profile-handle">@{profile.handle}</span>
            {viewer.followsYou && !viewer.isOwner ? (
              <span className="rounded-md bg-surface-sunken px-2 py-0.5 text-xs font-medium" data-testid="profile-follows-you">
                {t('profile.followsYou')}
              </span>
            ) : null}
          </p>
        </div>
        {profile.bio ? (
          <p className="max-w-prose whitespace-pre-line break-words" data-testid="profile-bio">
            {profile.bio}
          </p>
        ) : null}
        <ul className="flex flex-wrap gap-x-1 gap-y-1" aria-label={t('profile.countsLabel')}>
          {counts.map(({ kind, count }) => (
            <li key={kind}>
              <button
                type="button"
                onClick={() => setList(kind)}
                className="-ml-2 inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-muted-foreground hover:bg-surface-sunken hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring sm:min-h-9"
                data-testid={`profile-${kind}`}
              >
                <span className="font-semibold text-foreground tabular-nums" data-testid={`profile-${kind}-count`}>
                  {number.format(count)}
                </span>{' '}
                <span>{t(`profile.${kind}Word`, { count })}</span>
              </button>
            </li>
          ))}
        </ul>
        {viewer.isOwner ? null : (
          <p>
            <Link
              to={paths.profileWanted.getHref(profile.handle)}
              className="-ml-1 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-1 text-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-ring sm:min-h-0"
              data-testid="profile-wanted"
            >
              <Target className="size-4" aria-hidden="true" />
              {t('profile.wantedOther', { name: profile.displayName })}
            </Link>
          </p>
        )}
        {viewer.isOwner ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <Link to={paths.profileSettings.getHref()} data-testid="profile-edit">
                <Pencil className="size-4" aria-hidden="true" />
                {t('profile.edit')}
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.myWanted.getHref()} data-testid="profile-wanted">
                <Target className="size-4" aria-hidden="true" />
                {t('profile.wantedOwn')}
              </Link>
            </Button>
          </div>
        ) : viewer.signedIn ? (
          <div className="flex flex-wrap gap-2">
            {viewer.blocking ? (
              <p className="text-sm text-muted-foreground" data-testid="profile-blocked-note">
                {t('profile.blockedNote')}{' '}
                <Link to={paths.privacySettings.getHref()} className="font-medium text-accent underline underline-offset-2">
                  {t('profile.manageBlocks')}
                </Link>
              </p>
            ) : (
              <>
                <Button
                  variant={viewer.following ? 'secondary' : 'primary'}
                  aria-pressed={viewer.following}
                  onClick={onFollow}
                  // Not `disabled`: a disabled button drops the keyboard focus (onFollow ignores taps while pending).
                  aria-disabled={follow.isPending || undefined}
                  data-testid="follow-button"
                  className="min-w-32 aria-disabled:opacity-55"
                >
                  {viewer.following ? <UserCheck className="size-4" aria-hidden="true" /> : <UserPlus className="size-4" aria-hidden="true" />}
                  {viewer.following ? t('profile.unfollow') : t('profile.follow')}
                </Button>
                {/* Only when the server's DM rule lets the viewer write to them (not when they blocked the viewer). */}
                {viewer.canMessage ? <MessageButton userId={profile.userId} /> : null}
                <MuteButton userId={profile.userId} handle={profile.handle} />
                <ReportButton target={{ kind: 'profile', userId: profile.userId }} testId="profile-report" />
              </>
            )}
          </div>
        ) : null}
      </div>
      <FollowsDialog handle={profile.handle} kind={list} onClose={() => setList(null)} />
    </header>
  );
}
