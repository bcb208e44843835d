import { Loader2, RotateCcw, Undo2, Wand2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

type ShelfToolbarProps = {
  /** The Add item control (the wizard's trigger), composed by the route. */
  addItem: ReactNode;
  itemCount: number;
  editMode: boolean;
  onEditModeChange: (on: boolean) => void;
  onAutoArrange: () => void;
  autoArrangePending: boolean;
  canUndo: boolean;
  onUndo: () => void;
  undoPending: boolean;
  onReset: () => void;
  resetPending: boolean;
  /** Shown in edit mode under the actions (the resize form). */
  editExtras?: ReactNode;
};

/** Add item, Auto-arrange, the edit-layout switch; in edit mode Undo, Reset and the extras. */
export function ShelfToolbar(props: ShelfToolbarProps) {
  const { t } = useTranslation();
  const switchId = useId();
  const { editMode } = props;
  const spinner = <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />;
  return (
    <div className="grid gap-4 rounded-2xl border border-border bg-surface p-3 shadow-soft sm:p-4" data-testid="shelf-toolbar">
      <div className="flex flex-wrap items-center gap-2 sm:gap-3">
        {props.addItem}
        <Button
          variant="secondary"
          onClick={props.onAutoArrange}
          disabled={!editMode || props.itemCount < 1 || props.autoArrangePending}
          data-testid="auto-arrange"
        >
          {props.autoArrangePending ? spinner : <Wand2 aria-hidden="true" />}
          {t('shelf.actions.autoArrange')}
        </Button>
        <div className="ml-auto flex min-h-11 items-center gap-3 rounded-lg pl-1">
          <Label htmlFor={switchId} className="cursor-pointer">
            {t('shelf.actions.editLayout')}
          </Label>
          <Switch id={switchId} checked={editMode} onCheckedChange={props.onEditModeChange} data-testid="edit-layout-switch" />
        </div>
      </div>
      {editMode ? (
        <div className="grid gap-4 border-t border-border pt-4 sm:flex sm:flex-wrap sm:items-end sm:justify-between">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={props.onUndo} disabled={!props.canUndo || props.undoPending} data-testid="shelf-undo">
              {props.undoPending ? spinner : <Undo2 aria-hidden="true" />}
              {t('shelf.actions.undo')}
            </Button>
            <Button variant="ghost" onClick={props.onReset} disabled={props.resetPending} data-testid="shelf-reset">
              {props.resetPending ? spinner : <RotateCcw aria-hidden="true" />}
              {t('shelf.actions.reset')}
            </Button>
          </div>
          {props.editExtras}
        </div>
      ) : null}
      {editMode ? <p className="-mt-1 text-sm text-muted-foreground">{t('shelf.editHint')}</p> : null}
    </div>
  );
}
