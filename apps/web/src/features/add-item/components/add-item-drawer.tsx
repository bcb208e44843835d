import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Drawer, DrawerContent, DrawerDescription, DrawerTitle, DrawerTrigger } from '@/components/ui/drawer';
import { AddItemWizard } from './add-item-wizard';

type AddItemDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maintenanceMode: boolean;
  isAdmin: boolean;
};

/** The Add item button and the wizard in a bottom drawer. Closing it resets the wizard (its content unmounts). */
export function AddItemDrawer({ open, onOpenChange, maintenanceMode, isAdmin }: AddItemDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
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
        <AddItemWizard maintenanceMode={maintenanceMode} isAdmin={isAdmin} onDone={() => onOpenChange(false)} />
      </DrawerContent>
    </Drawer>
  );
}
