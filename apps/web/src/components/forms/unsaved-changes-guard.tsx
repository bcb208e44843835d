import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

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
    <AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}>
      <AlertDialogContent data-testid="unsaved-changes-dialog">
        <AlertDialogTitle>{t('common.unsaved.title')}</AlertDialogTitle>
        <AlertDialogDescription>{t('common.unsaved.text')}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonVariants({ variant: 'secondary' })}>{t('common.unsaved.stay')}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'danger' })}
            onClick={() => blocker.state === 'blocked' && blocker.proceed()}
            data-testid="unsaved-changes-leave"
          >
            {t('common.unsaved.leave')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
