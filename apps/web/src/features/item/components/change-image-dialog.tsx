import type { ItemComposite } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ImageUp, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ImageChoice } from '@/components/ui/image-choice';
import { callFunction } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { exploreKeys, itemKeys, shelfKeys } from '@/lib/query-keys';

/**
 * Owner only: another of the item's variants as its image, without generating (and paying) again. The variants not
 * chosen are kept for a day after they were made; shown only while there is another to choose.
 */
export function ChangeImageDialog({ itemId, composites }: { itemId: string; composites: readonly ItemComposite[] }) {
  const { t } = useTranslation();
  const name = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const current = composites.find((c) => c.chosen)?.id ?? null;
  const [picked, setPicked] = useState<string | null>(current);
  const choose = useMutation({
    mutationFn: (compositeId: string) => callFunction('items-choose', { itemId, compositeId }),
    onSuccess: () => {
      toast.success(t('item.changeImage.saved'));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) });
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
      void queryClient.invalidateQueries({ queryKey: shelfKeys.all });
    },
    onError: (error) => toast.error(t(errorMessageKey(error))),
  });
  if (composites.length < 2) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPicked(current);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="item-change-image">
          <ImageUp aria-hidden="true" />
          {t('item.changeImage.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')} className="sm:max-w-2xl" data-testid="change-image-dialog">
        <DialogTitle>{t('item.changeImage.title')}</DialogTitle>
        <DialogDescription>{t('item.changeImage.description')}</DialogDescription>
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('item.changeImage.title')}</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {composites.map((c, index) => {
              const checked = picked === c.id;
              return (
                <ImageChoice
                  key={c.id}
                  name={name}
                  value={c.id}
                  imageId={c.imageId}
                  checked={checked}
                  onSelect={setPicked}
                  label={t('item.changeImage.option', { number: index + 1, style: t(`addItem.style.names.${c.style}`, { defaultValue: c.style }) })}
                  data-testid="change-image-option"
                >
                  {c.chosen ? (
                    <span className="absolute bottom-1.5 left-1.5 rounded-md bg-surface/90 px-1.5 py-0.5 text-xs font-medium shadow-soft">
                      {t('item.changeImage.current')}
                    </span>
                  ) : null}
                  {checked ? (
                    <CheckCircle2 className="absolute top-1.5 right-1.5 size-6 rounded-full bg-surface fill-accent text-surface" aria-hidden="true" />
                  ) : null}
                </ImageChoice>
              );
            })}
          </div>
        </fieldset>
        <div className="flex justify-end">
          <Button onClick={() => picked && choose.mutate(picked)} disabled={!picked || picked === current || choose.isPending} data-testid="change-image-save">
            {choose.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {t('item.changeImage.save')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
