import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { EmptyShelf } from '@/components/illustrations/empty-shelf';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { UnfinishedItem } from '@/features/add-item/api/unfinished-items';
import { AddItemDrawer } from '@/features/add-item/components/add-item-drawer';
import { UnfinishedTray } from '@/features/add-item/components/unfinished-tray';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useShelf } from '@/features/shelf/api/get-shelf';
import { AutoArrangeDialog } from '@/features/shelf/components/auto-arrange-dialog';
import { ResizeControls } from '@/features/shelf/components/resize-controls';
import { ShelfBoard } from '@/features/shelf/components/shelf-board';
import { CabinetFrame, Plank, ShelfSkeleton } from '@/components/shelf/shelf-display';
import { ShelfToolbar } from '@/features/shelf/components/shelf-toolbar';
import { useShelfEditor } from '@/features/shelf/hooks/use-shelf-editor';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { useAuth, useSignInHref } from '@/lib/auth';

export default function MyShelfRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const me = useProfileMe({ enabled: !!user });
  const hasShelf = !!me.data?.shelfId;
  const shelf = useShelf({ enabled: hasShelf });
  const settings = usePublicSiteSettings();
  const editor = useShelfEditor(shelf.data);
  const [addOpen, setAddOpen] = useState(false);
  // The unfinished item the wizard goes on with (null: a new one).
  const [resume, setResume] = useState<UnfinishedItem | null>(null);
  const openWizard = (open: boolean) => {
    setAddOpen(open);
    if (!open) setResume(null);
  };
  const resumeItem = (item: UnfinishedItem) => {
    setResume(item);
    setAddOpen(true);
  };
  useDocumentMeta({ title: t('shelf.metaTitle') });
  const signIn = useSignInHref();

  if (!loading && !user) return <Navigate to={signIn} replace />;
  if (me.data && (!me.data.shelfId || !me.data.profile)) return <Navigate to={paths.onboarding.getHref()} replace />;
  if (isApiError(shelf.error) && shelf.error.code === 'not_found') return <Navigate to={paths.onboarding.getHref()} replace />;

  const isAdmin = !!me.data?.roles.includes('admin');
  const displayName = me.data?.profile?.displayName ?? '';
  const items = shelf.data?.items ?? [];
  const failed = me.error ?? (shelf.data ? null : shelf.error);

  let body;
  if (failed) {
    body = (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t(errorMessageKey(failed))}</p>
        <Button variant="secondary" onClick={() => void (me.error ? me.refetch() : shelf.refetch())}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!me.data || !shelf.data) {
    body = (
      <div role="status" aria-label={t('common.loading')}>
        <ShelfSkeleton />
      </div>
    );
  } else {
    const { layout } = shelf.data.shelf;
    body = (
      // One column that may shrink below its content: the phone shelf scrolls inside its cabinet instead.
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 sm:gap-8">
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl">{t('shelf.title', { name: displayName })}</h1>
          <p className="text-muted-foreground">
            <span>@{me.data.profile?.handle}</span>
            <span aria-hidden="true"> · </span>
            <span className="tabular-nums" data-testid="shelf-item-count">
              {t('shelf.itemCount', { count: items.length })}
            </span>
            <span aria-hidden="true"> · </span>
            <Link to={paths.collection.getHref()} className="font-medium text-accent underline-offset-4 hover:underline" data-testid="shelf-collection-link">
              {t('shelf.collectionLink')}
            </Link>
          </p>
        </div>

        <ShelfToolbar
          addItem={
            <AddItemDrawer
              open={addOpen}
              onOpenChange={openWizard}
              maintenanceMode={!!settings.data?.maintenanceMode}
              isAdmin={isAdmin}
              resume={resume}
              onResume={setResume}
            />
          }
          itemCount={items.length}
          editMode={editor.editMode}
          onEditModeChange={editor.setEditMode}
          onAutoArrange={editor.requestAutoArrange}
          autoArrangePending={editor.autoArrangePending}
          canUndo={editor.canUndo}
          onUndo={editor.undoLast}
          undoPending={editor.undoPending}
          onReset={() => void editor.reset()}
          resetPending={editor.resetPending}
          editExtras={<ResizeControls layout={layout} arrangements={shelf.data.arrangements} pending={editor.resizePending} onResize={editor.resizeTo} />}
        />

        <UnfinishedTray onResume={resumeItem} />

        {items.length === 0 ? (
          // An empty shelf is an invitation, not a wall of grey cells: one lit plank with the first step on it.
          <CabinetFrame data-testid="shelf-empty" className="mx-auto w-full max-w-3xl">
            <div className="grid justify-items-center gap-3 px-4 pt-4 pb-6 text-center sm:pt-6 sm:pb-8">
              <EmptyShelf className="h-28 w-auto sm:h-36" />
              <h2 className="font-display text-2xl font-semibold tracking-tight">{t('shelf.emptyTitle')}</h2>
              <p className="max-w-sm text-muted-foreground">{t('shelf.emptyText')}</p>
              <Button size="lg" className="mt-2" onClick={() => openWizard(true)} data-testid="add-first-item">
                <Plus aria-hidden="true" />
                {t('shelf.addFirst')}
              </Button>
            </div>
            <Plank />
          </CabinetFrame>
        ) : (
          <ShelfBoard shelf={shelf.data} editMode={editor.editMode} onBringBack={editor.bringBackOverflow} bringBackPending={editor.bringBackPending} />
        )}

        <AutoArrangeDialog
          proposal={editor.proposal}
          layout={layout}
          items={items}
          applying={editor.applyPending}
          onCancel={editor.cancelProposal}
          onApply={editor.applyProposal}
        />
      </div>
    );
  }

  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        {body}
      </main>
    </>
  );
}
