import type { Arrangement, ShelfLayout } from '@curio/contract';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { imageUrl } from '@/lib/image-url';
import { cellIndex, gridArrangements, type ShelfItem } from '../utils/grid';
import { shelfColumns } from '@/components/shelf/shelf-display';

type AutoArrangeDialogProps = {
  proposal: readonly Arrangement[] | null;
  layout: ShelfLayout;
  items: readonly ShelfItem[];
  applying: boolean;
  onCancel: () => void;
  onApply: () => void;
};

/** The auto-arrange preview: a mini cabinet of the proposal, with Cancel and Apply. Nothing is stored before Apply. */
export function AutoArrangeDialog({ proposal, layout, items, applying, onCancel, onApply }: AutoArrangeDialogProps) {
  const { t } = useTranslation();
  const byId = new Map(items.map((item) => [item.id, item]));
  const placed = proposal ? gridArrangements(proposal, layout) : [];
  const byCell = new Map(placed.map((a) => [cellIndex(a, layout), byId.get(a.itemId)]));
  const overflowCount = proposal ? proposal.length - placed.length : 0;

  return (
    <AlertDialog open={!!proposal} onOpenChange={(open) => !open && !applying && onCancel()}>
      <AlertDialogContent data-testid="auto-arrange-dialog" className="sm:max-w-xl">
        <div className="grid gap-2">
          <AlertDialogTitle>{t('shelf.autoArrange.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('shelf.autoArrange.description')}</AlertDialogDescription>
        </div>
        <div
          role="img"
          aria-label={t('shelf.autoArrange.summary', { placed: placed.length, overflow: overflowCount })}
          className="rounded-xl border-[6px] border-wood-edge bg-cabinet p-2"
        >
          <div className="grid gap-2">
            {Array.from({ length: layout.rows }, (_, row) => (
              <div key={row}>
                <div className="grid gap-1 px-1" style={shelfColumns(layout.cols)}>
                  {Array.from({ length: layout.cols }, (_, col) => {
                    const item = byCell.get(row * layout.cols + col);
                    return (
                      <div key={col} className="relative aspect-[4/5] overflow-hidden rounded-sm bg-[color-mix(in_oklab,var(--foreground)_5%,transparent)]">
                        {item?.imageId ? (
                          <img
                            src={imageUrl(item.imageId, 'thumb')}
                            alt=""
                            loading="lazy"
                            decoding="async"
                            className="size-full object-contain object-bottom"
                          />
                        ) : null}
                      </div>
                    );
                  })}
                </div>
                <div className="h-1.5 rounded-sm bg-wood" />
              </div>
            ))}
          </div>
        </div>
        <p className="text-sm text-muted-foreground" aria-hidden="true">
          {t('shelf.autoArrange.summary', { placed: placed.length, overflow: overflowCount })}
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={applying}>
              {t('shelf.autoArrange.cancel')}
            </Button>
          </AlertDialogCancel>
          <Button onClick={onApply} disabled={applying} data-testid="auto-arrange-apply">
            {applying ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {t('shelf.autoArrange.apply')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
