import { BellOff, Check, Hash, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth, useSignInHref } from '@/lib/auth';
import { useTagPage, useToggleTagFollow, useToggleTagMute } from '../api/discovery';

/**
 * A tag page's head: the tag, how many items carry it, Follow tag (its items join the home feed), Mute (they leave
 * every list of the viewer's), and the tags most often found beside it.
 */
export function TagHeader({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const signIn = useSignInHref();
  const page = useTagPage(tag);
  const follow = useToggleTagFollow(tag);
  const mute = useToggleTagMute(tag);
  const data = page.data;
  const following = !!data?.following;
  const muted = !!data?.muted;

  const onFollow = () => {
    if (!user) return void navigate(signIn);
    follow.mutate(!following, {
      onSuccess: (r) => toast.success(t(r.following ? 'tagPage.followed' : 'tagPage.unfollowed', { tag })),
      onError: () => toast.error(t('tagPage.followFailed')),
    });
  };
  const onMute = () =>
    mute.mutate(!muted, {
      onSuccess: (r) => toast.success(t(r.muted ? 'tagPage.muted' : 'tagPage.unmuted', { tag })),
      onError: () => toast.error(t('tagPage.muteFailed')),
    });

  return (
    <div className="grid gap-5" data-testid="tag-header">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-2">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t('tagPage.eyebrow')}</p>
          <h1 className="flex min-w-0 items-center gap-1 font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl">
            <Hash className="size-7 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 break-words">{tag}</span>
          </h1>
          <p className="text-muted-foreground" data-testid="tag-count">
            {data ? t('tagPage.count', { count: data.count }) : '\u00a0'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={following ? 'secondary' : 'primary'}
            aria-pressed={user ? following : undefined}
            onClick={onFollow}
            disabled={follow.isPending || (!!user && !data)}
            data-testid="tag-follow"
          >
            {following ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {t(following ? 'tagPage.following' : 'tagPage.follow')}
          </Button>
          {user ? (
            <Button variant="ghost" aria-pressed={muted} onClick={onMute} disabled={mute.isPending || !data} data-testid="tag-mute">
              <BellOff aria-hidden="true" />
              {t(muted ? 'tagPage.unmute' : 'tagPage.mute')}
            </Button>
          ) : null}
        </div>
      </div>
      {muted ? (
        <p className="rounded-lg border border-border bg-surface-sunken p-3 text-sm text-muted-foreground" data-testid="tag-muted-note">
          {t('tagPage.mutedNote')}
        </p>
      ) : null}
      {data && data.related.length ? (
        <nav aria-label={t('tagPage.relatedLabel')} className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">{t('tagPage.related')}</span>
          {data.related.map((r) => (
            <Link
              key={r.tag}
              to={paths.tag.getHref(r.tag)}
              className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface px-3 text-sm font-medium text-foreground transition-colors hover:border-accent hover:text-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring max-sm:min-h-11"
              data-testid="related-tag"
            >
              #{r.tag}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
