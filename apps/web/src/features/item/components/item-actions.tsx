import { Bookmark, Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MessageButton } from '@/components/social/message-button';
import { ReportButton } from '@/components/social/report-button';
import { Button } from '@/components/ui/button';
import { useSignInHref } from '@/lib/auth';
import { cn } from '@/lib/utils';
import type { VisibleItem } from '../api/get-item';
import { useToggleItemLike } from '../api/toggle-like';
import { useToggleItemSave } from '../api/toggle-save';
import { ChangeImageDialog } from './change-image-dialog';
import { DeleteItemButton } from './delete-item-button';
import { EditItemDialog } from './edit-item-dialog';
import { ShareButton } from './share-button';

/** Like (with count), save, share; edit and delete for the owner. Guests are asked to log in. */
export function ItemActions({ data }: { data: VisibleItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignInHref();
  const { item, viewer } = data;
  const like = useToggleItemLike(item.id);
  const save = useToggleItemSave(item.id);

  const askToLogIn = (message: string) => toast(message, { action: { label: t('nav.logIn'), onClick: () => void navigate(signIn) } });

  const onLike = () => {
    if (!viewer.signedIn) return askToLogIn(t('item.loginToLike'));
    if (like.isPending) return;
    like.mutate({ liked: viewer.liked, likes: item.counts.likes }, { onError: () => toast.error(t('common.error')) });
  };
  const onSave = () => {
    if (!viewer.signedIn) return askToLogIn(t('item.loginToSave'));
    if (save.isPending) return;
    save.mutate({ saved: viewer.saved }, { onError: () => toast.error(t('common.error')) });
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2" data-testid="item-actions">
        <Button
          variant={viewer.liked ? 'soft' : 'secondary'}
          aria-pressed={viewer.liked}
          title={viewer.liked ? t('item.unlike') : t('item.like')}
          onClick={onLike}
          data-testid="item-like"
          className="min-w-16"
        >
          <Heart className={cn('size-5', viewer.liked && 'fill-current')} aria-hidden="true" />
          {/* The name reads "Like 3": the visible count is part of it (WCAG 2.5.3, label in name). */}
          <span className="sr-only">{viewer.liked ? t('item.unlike') : t('item.like')} </span>
          <span className="tabular-nums" data-testid="item-like-count">
            {item.counts.likes}
          </span>
        </Button>
        <span className="sr-only" aria-live="polite">
          {t('item.likeCount', { count: item.counts.likes })}
        </span>
        <Button variant={viewer.saved ? 'soft' : 'secondary'} aria-pressed={viewer.saved} onClick={onSave} data-testid="item-save">
          <Bookmark className={cn('size-5', viewer.saved && 'fill-current')} aria-hidden="true" />
          {viewer.saved ? t('item.unsave') : t('item.save')}
        </Button>
        <ShareButton itemId={item.id} />
        {/* Only when the server's DM rule lets the viewer write to the owner (never across a block). */}
        {viewer.signedIn && !viewer.isOwner && viewer.canMessage ? <MessageButton userId={data.owner.userId} testId="item-message-owner" /> : null}
        {/* The flag alone: with Message beside them, the actions stay on one row of the desktop's right column. */}
        {viewer.signedIn && !viewer.isOwner ? <ReportButton target={{ kind: 'item', itemId: item.id }} testId="item-report" iconOnly /> : null}
      </div>
      {viewer.isOwner ? (
        <div
          role="group"
          aria-label={t('item.ownerTools')}
          className="flex flex-wrap items-center gap-2 border-t border-border pt-3"
          data-testid="item-owner-actions"
        >
          <span aria-hidden="true" className="mr-1 text-sm text-muted-foreground">
            {t('item.ownerTools')}
          </span>
          <EditItemDialog item={item} />
          <ChangeImageDialog itemId={item.id} composites={item.composites} />
          <DeleteItemButton itemId={item.id} title={item.title} />
        </div>
      ) : null}
    </div>
  );
}
