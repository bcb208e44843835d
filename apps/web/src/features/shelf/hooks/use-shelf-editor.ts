import type { Arrangement, ShelfGetResult, ShelfLayout } from '@curio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { track } from '@/lib/analytics';
import { shelfKeys } from '@/lib/query-keys';
import { useApplyArrangement } from '../api/apply-arrangement';
import { useAutoArrange } from '../api/auto-arrange';
import { useResizeShelf } from '../api/resize-shelf';
import { withOverflowPlaced, type ShelfItem } from '../utils/grid';
import { canUndo, popUndo, pushUndo, type UndoStack } from '../utils/undo-stack';

/**
 * Edit mode, the auto-arrange proposal, the undo stack, reset and resize, with the spec's toasts.
 * Apply pushes the current arrangement before replacing it; Undo pops and re-applies; Reset clears the
 * stack and reloads the saved state.
 */
export function useShelfEditor(shelf: ShelfGetResult | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editMode, setEditMode] = useState(false);
  const [undoStack, setUndoStack] = useState<UndoStack>([]);
  const [proposal, setProposal] = useState<Arrangement[] | null>(null);
  const [resetting, setResetting] = useState(false);
  const autoArrange = useAutoArrange();
  const apply = useApplyArrangement();
  const undo = useApplyArrangement();
  const resize = useResizeShelf();
  const bringBack = useApplyArrangement();

  const requestAutoArrange = () => {
    if (!shelf) return;
    autoArrange.mutate(shelf.shelf.id, {
      onSuccess: ({ arrangements }) => setProposal(arrangements),
      onError: () => toast.error(t('shelf.toast.autoArrangeFailed')),
    });
  };

  const applyProposal = () => {
    if (!shelf || !proposal) return;
    const current = shelf.arrangements;
    apply.mutate(
      { shelfId: shelf.shelf.id, arrangements: proposal },
      {
        onSuccess: () => {
          setUndoStack((stack) => pushUndo(stack, current));
          setProposal(null);
          toast.success(t('shelf.toast.autoArrangeApplied'));
          track('shelf_arranged', { source: 'auto' });
        },
        onError: () => toast.error(t('shelf.toast.applyFailed')),
      },
    );
  };

  /** Overflow items take the free cells (after the shelf grew); Undo puts them back in the drawer. */
  const bringBackOverflow = (overflow: readonly ShelfItem[]) => {
    if (!shelf) return;
    const current = shelf.arrangements;
    const { arrangements, placed } = withOverflowPlaced(current, overflow, shelf.shelf.layout);
    if (placed === 0) return;
    bringBack.mutate(
      { shelfId: shelf.shelf.id, arrangements },
      {
        onSuccess: () => {
          setUndoStack((stack) => pushUndo(stack, current));
          toast.success(t('shelf.toast.broughtBack', { count: placed }));
          track('shelf_arranged', { source: 'bring_back' });
        },
        onError: () => toast.error(t('shelf.toast.applyFailed')),
      },
    );
  };

  const undoLast = () => {
    const popped = popUndo(undoStack);
    if (!shelf || !popped) return;
    undo.mutate(
      { shelfId: shelf.shelf.id, arrangements: popped.entry },
      {
        onSuccess: () => {
          setUndoStack(popped.rest);
          toast.success(t('shelf.toast.undone'));
        },
        onError: () => toast.error(t('shelf.toast.undoFailed')),
      },
    );
  };

  const reset = async () => {
    setUndoStack([]);
    setResetting(true);
    try {
      await queryClient.refetchQueries({ queryKey: shelfKeys.mine() }, { throwOnError: true });
      toast.success(t('shelf.toast.reset'));
    } catch {
      toast.error(t('common.error'));
    } finally {
      setResetting(false);
    }
  };

  const resizeTo = (layout: ShelfLayout) => {
    resize.mutate(layout, {
      onSuccess: () => {
        // The previous lists may not fit the new grid: the history ends here.
        setUndoStack([]);
        toast.success(t('shelf.toast.resized', { cols: layout.cols, rows: layout.rows }));
      },
      onError: () => toast.error(t('shelf.toast.resizeFailed')),
    });
  };

  return {
    editMode,
    setEditMode,
    proposal,
    cancelProposal: () => setProposal(null),
    requestAutoArrange,
    autoArrangePending: autoArrange.isPending,
    applyProposal,
    applyPending: apply.isPending,
    canUndo: canUndo(undoStack),
    undoLast,
    undoPending: undo.isPending,
    reset,
    resetPending: resetting,
    resizeTo,
    resizePending: resize.isPending,
    bringBackOverflow,
    bringBackPending: bringBack.isPending,
  };
}
