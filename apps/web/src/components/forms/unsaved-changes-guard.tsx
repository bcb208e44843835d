import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * While `when` holds (a form has changes that are not saved), leaving the page asks first: a link or Back inside
 * the app opens a dialog (Stay, or Leave without saving), and closing or reloading the tab gets the browser's own
 * question. Moves that only change the query string of the same page are let through.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved meanwhile (or the changes undone): a pending question has no reason left.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title={t('common.unsaved.title')}
      description={t('common.unsaved.text')}
      cancelLabel={t('common.unsaved.stay')}
      confirmLabel={t('common.unsaved.leave')}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      testId="unsaved-changes-dialog"
      confirmTestId="unsaved-changes-leave"
    />
  );
}
