import { SHELF_MAX_SIZE, SHELF_MIN_SIZE, shelfLayoutSchema, type Arrangement, type ShelfLayout } from '@curio/contract';
import { Loader2, Scaling } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { useZodForm } from '@/lib/form';
import { itemsOutside } from '../utils/grid';

const SIZES = Array.from({ length: SHELF_MAX_SIZE - SHELF_MIN_SIZE + 1 }, (_, i) => SHELF_MIN_SIZE + i);

type ResizeControlsProps = {
  layout: ShelfLayout;
  arrangements: readonly Arrangement[];
  pending: boolean;
  onResize: (layout: ShelfLayout) => void;
};

/** Columns and rows (1–12) and a Resize button; warns how many items would move to overflow. */
export function ResizeControls(props: ResizeControlsProps) {
  // A new layout from the server starts a fresh form.
  return <ResizeForm key={`${props.layout.cols}x${props.layout.rows}`} {...props} />;
}

function ResizeForm({ layout, arrangements, pending, onResize }: ResizeControlsProps) {
  const { t } = useTranslation();
  const id = useId();
  const form = useZodForm(shelfLayoutSchema, { defaultValues: layout });
  const [cols, rows] = form.watch(['cols', 'rows']);
  const changed = cols !== layout.cols || rows !== layout.rows;
  const displaced = itemsOutside(arrangements, layout, { cols, rows });

  const submit = form.handleSubmit((next) => {
    if (changed && !pending) onResize(next);
  });

  return (
    <form onSubmit={submit} aria-label={t('shelf.resize.label')} data-testid="shelf-resize" className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-cols`}>{t('shelf.resize.columns')}</Label>
          <NativeSelect id={`${id}-cols`} {...form.register('cols', { valueAsNumber: true })} className="w-24" data-testid="shelf-resize-cols">
            {SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <span aria-hidden="true" className="pb-3 text-muted-foreground">
          ×
        </span>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-rows`}>{t('shelf.resize.rows')}</Label>
          <NativeSelect id={`${id}-rows`} {...form.register('rows', { valueAsNumber: true })} className="w-24" data-testid="shelf-resize-rows">
            {SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary" disabled={!changed || pending} aria-describedby={displaced > 0 ? `${id}-warn` : undefined}>
          {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Scaling aria-hidden="true" />}
          {t('shelf.resize.submit')}
        </Button>
      </div>
      {changed && displaced > 0 ? (
        <p id={`${id}-warn`} className="text-sm text-warning-fg" role="status">
          {t('shelf.resize.overflowWarning', { count: displaced })}
        </p>
      ) : null}
    </form>
  );
}
