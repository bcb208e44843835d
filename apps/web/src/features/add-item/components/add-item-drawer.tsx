import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Drawer, DrawerContent, DrawerDescription, DrawerTitle, DrawerTrigger } from '@/components/ui/drawer';
import { unfinishedKeys, type UnfinishedItem } from '../api/unfinished-items';
import { AddItemWizard } from './add-item-wizard';

type AddItemDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maintenanceMode: boolean;
  isAdmin: boolean;
  /** An unfinished item the wizard goes on with (null: a new item). */
  resume?: UnfinishedItem | null;
  onResume?: (item: UnfinishedItem) => void;
};

/** The Add item button and the wizard in a bottom drawer. Closing it resets the wizard (its content unmounts). */
export function AddItemDrawer({ open, onOpenChange, maintenanceMode, isAdmin, resume = null, onResume }: AddItemDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        // Closed part-way: the shelf's list of unfinished items shows where this one stopped.
        if (!next) void queryClient.invalidateQueries({ queryKey: unfinishedKeys.all });
        onOpenChange(next);
      }}
    >
      <DrawerTrigger asChild>
        <Button data-testid="add-item">
          <Plus aria-hidden="true" />
          {t('addItem.open')}
        </Button>
      </DrawerTrigger>
      <DrawerContent closeLabel={t('addItem.close')} data-testid="add-item-drawer">
        <div className="grid gap-1 px-4 pt-3 pr-16 pb-4 sm:px-6">
          <DrawerTitle>{t('addItem.title')}</DrawerTitle>
          <DrawerDescription className="max-sm:sr-only">{t('addItem.description')}</DrawerDescription>
        </div>
        {/* A new wizard for each item it works on (a resumed one starts at its own step). */}
        <AddItemWizard
          key={resume?.id ?? 'new'}
          maintenanceMode={maintenanceMode}
          isAdmin={isAdmin}
          onDone={() => onOpenChange(false)}
          resume={resume}
          onResume={onResume}
        />
      </DrawerContent>
    </Drawer>
  );
}
