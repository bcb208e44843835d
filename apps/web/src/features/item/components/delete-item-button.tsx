import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { useDeleteItem } from '../api/delete-item';

/** Owner only: asks first, deletes, then goes to the shelf. */
export function DeleteItemButton({ itemId, title }: { itemId: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteItem();
  const onConfirm = () =>
    remove.mutate(itemId, {
      onSuccess: () => {
        toast.success(t('item.deleted'));
        setOpen(false);
        void navigate(paths.myShelf.getHref(), { replace: true });
      },
      onError: (error) => toast.error(t(errorMessageKey(error))),
    });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-bg" data-testid="item-delete">
          <Trash2 aria-hidden="true" />
          {t('item.delete')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="delete-item-dialog">
        <AlertDialogTitle>{t('item.deleteTitle')}</AlertDialogTitle>
        <AlertDialogDescription>{t('item.deleteText', { title })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="ghost">{t('common.cancel')}</Button>
          </AlertDialogCancel>
          <Button variant="danger" onClick={onConfirm} disabled={remove.isPending} data-testid="item-delete-confirm">
            {remove.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {t('item.deleteConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
