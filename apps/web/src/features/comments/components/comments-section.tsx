import { Loader2, LogIn, MessageCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignInHref } from '@/lib/auth';
import { useDeleteComment } from '../api/delete-comment';
import { useComments, type ItemComment } from '../api/get-comments';
import { useReportComment } from '../api/report-comment';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';

type Confirm = { kind: 'delete' | 'report'; comment: ItemComment } | null;

/**
 * "Comments (N)": the composer for signed-in viewers (a log-in prompt for guests), then the list, newest
 * first, in a 600 px scrolling area with "Load more". Delete (author or item owner) and Report (others)
 * ask first.
 */
export function CommentsSection({ itemId, viewerId }: { itemId: string; viewerId: string | null }) {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  const comments = useComments(itemId);
  const remove = useDeleteComment(itemId);
  const report = useReportComment();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removed = useRef(false);

  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  const total = comments.data?.pages[0]?.totalCount ?? 0;
  const busy = remove.isPending || report.isPending;

  const onConfirm = () => {
    if (!confirm) return;
    const { kind, comment } = confirm;
    const done = { onSettled: () => setConfirm(null), onError: () => toast.error(t('common.error')) };
    if (kind === 'delete') {
      remove.mutate(comment.id, {
        ...done,
        onSuccess: () => {
          removed.current = true;
          toast.success(t('comments.deleted'));
        },
      });
    } else {
      report.mutate(comment.id, { ...done, onSuccess: () => toast.success(t('comments.reported')) });
    }
  };

  return (
    <section aria-labelledby="comments-title" className="grid gap-5 border-t border-border pt-6" data-testid="comments">
      <h2 id="comments-title" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight outline-none">
        <MessageCircle className="size-5 text-muted-foreground" aria-hidden="true" />
        <span data-testid="comments-count">{comments.data ? t('comments.title', { count: total }) : t('comments.titleLoading')}</span>
      </h2>

      {viewerId ? (
        <CommentComposer itemId={itemId} />
      ) : (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface-sunken/60 p-4"
          data-testid="comments-login-prompt"
        >
          <p className="text-sm text-muted-foreground">{t('comments.loginPrompt')}</p>
          <Button asChild variant="secondary" size="sm">
            <Link to={signIn}>
              <LogIn aria-hidden="true" />
              {t('nav.logIn')}
            </Link>
          </Button>
        </div>
      )}

      {comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium">{t('comments.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void comments.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : !comments.data ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-5/6" />
              </div>
            </div>
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="comments-empty">
          {t('comments.empty')}
        </p>
      ) : (
        <div
          role="region"
          aria-label={t('comments.listLabel')}
          tabIndex={0}
          className="-mx-2 max-h-[600px] overflow-y-auto overscroll-contain rounded-lg px-2 focus-visible:outline-3 focus-visible:outline-ring"
          data-testid="comments-list"
        >
          <ul className="divide-y divide-border">
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                canReport={!!viewerId && comment.user?.id !== viewerId}
                onDelete={(c) => setConfirm({ kind: 'delete', comment: c })}
                onReport={(c) => setConfirm({ kind: 'report', comment: c })}
              />
            ))}
          </ul>
          {comments.hasNextPage ? (
            <div className="flex justify-center py-3">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void comments.fetchNextPage()}
                disabled={comments.isFetchingNextPage}
                data-testid="comments-load-more"
              >
                {comments.isFetchingNextPage ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                {t('comments.loadMore')}
              </Button>
            </div>
          ) : null}
        </div>
      )}

      <AlertDialog open={!!confirm} onOpenChange={(open) => !open && !busy && setConfirm(null)}>
        <AlertDialogContent
          data-testid="comment-confirm"
          onCloseAutoFocus={(event) => {
            // The deleted comment's button is gone: continue from the section heading.
            if (removed.current) {
              event.preventDefault();
              removed.current = false;
              headingRef.current?.focus();
            }
          }}
        >
          <AlertDialogTitle>{confirm?.kind === 'report' ? t('comments.reportTitle') : t('comments.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{confirm?.kind === 'report' ? t('comments.reportText') : t('comments.deleteText')}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="ghost">{t('common.cancel')}</Button>
            </AlertDialogCancel>
            <Button variant={confirm?.kind === 'report' ? 'primary' : 'danger'} onClick={onConfirm} disabled={busy} data-testid="comment-confirm-action">
              {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {confirm?.kind === 'report' ? t('comments.reportConfirm') : t('comments.deleteConfirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
