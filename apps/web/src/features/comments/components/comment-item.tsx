import { Flag, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ItemComment } from '../api/get-comments';
import { formatRelativeTime } from '@/lib/relative-time';
import { CommentBody } from './comment-body';
import { UserAvatar } from '@/components/ui/user-avatar';

type CommentItemProps = {
  comment: ItemComment;
  canReport: boolean;
  onDelete: (comment: ItemComment) => void;
  onReport: (comment: ItemComment) => void;
};

export function CommentItem({ comment, canReport, onDelete, onReport }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  // Null when the viewer may not know who wrote it: a deleted account, or a private (or hidden) profile.
  const author = comment.user;
  const exact = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(comment.createdAt));
  // The author deleted their account; the comment stays for its thread, without name or text.
  if (comment.deletedUser) {
    return (
      <li className="flex gap-3 py-4" data-testid="comment" data-comment-id={comment.id} data-deleted-user="true">
        <span aria-hidden="true" className="size-9 shrink-0 rounded-full border border-dashed border-border-strong bg-surface-sunken" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-muted-foreground">{t('comments.deletedUser')}</span>
            <time dateTime={comment.createdAt} title={exact} className="text-muted-foreground">
              {formatRelativeTime(comment.createdAt, locale)}
            </time>
          </p>
          <p className="text-sm text-muted-foreground italic">{t('comments.deletedUserText')}</p>
        </div>
      </li>
    );
  }
  // A private collector's comment shows its text without who wrote it (no name, avatar or link).
  const deleteLabel = author ? t('comments.deleteLabel', { handle: author.handle }) : t('comments.deleteLabelPrivate');
  const reportLabel = author ? t('comments.reportLabel', { handle: author.handle }) : t('comments.reportLabelPrivate');
  return (
    <li className="flex gap-3 py-4" data-testid="comment" data-comment-id={comment.id} data-private-user={author ? undefined : 'true'}>
      {author ? (
        <UserAvatar handle={author.handle} imageId={author.avatarImageId} />
      ) : (
        <span aria-hidden="true" className="size-9 shrink-0 rounded-full border border-dashed border-border-strong bg-surface-sunken" />
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          {author ? (
            <Link to={paths.profile.getHref(author.handle)} className="font-semibold text-foreground underline-offset-2 hover:underline">
              @{author.handle}
            </Link>
          ) : (
            <span className="font-semibold text-muted-foreground">{t('comments.privateUser')}</span>
          )}
          <time dateTime={comment.createdAt} title={exact} className="text-muted-foreground">
            {formatRelativeTime(comment.createdAt, locale)}
          </time>
        </p>
        <CommentBody body={comment.body} />
        {comment.canDelete || canReport ? (
          <div className="-ml-3 flex gap-1">
            {comment.canDelete ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-muted-foreground hover:text-danger"
                onClick={() => onDelete(comment)}
                aria-label={deleteLabel}
                data-testid="comment-delete"
              >
                <Trash2 aria-hidden="true" />
                {t('comments.delete')}
              </Button>
            ) : null}
            {canReport ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-muted-foreground"
                onClick={() => onReport(comment)}
                aria-label={reportLabel}
                data-testid="comment-report"
              >
                <Flag aria-hidden="true" />
                {t('comments.report')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
