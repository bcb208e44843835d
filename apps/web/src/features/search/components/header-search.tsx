import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { SearchCombobox } from './search-combobox';

/** Whether a key press lands where typing goes (a field, a text area, an editable element), where `/` is a character. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * Search in the header: the field with its suggestions from `lg` on (narrower, beside the navigation's labels, it would
 * leave no room to type); below, a button that opens a search sheet.
 * `/` anywhere outside a field focuses the field (or opens the sheet).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [sheet, setSheet] = useState(false);
  // After a choice the sheet closes onto the new page: focus stays with the page, not the search button.
  const navigated = useRef(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingInto(e.target)) return;
      e.preventDefault();
      const field = input.current;
      // The bar's field is hidden on a phone: the sheet opens instead.
      if (field && field.offsetParent !== null) field.focus();
      else setSheet(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <div className="hidden min-w-0 flex-1 justify-end lg:flex">
        <SearchCombobox variant="header" inputRef={input} />
      </div>
      <Dialog open={sheet} onOpenChange={setSheet}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('search.open')} data-testid="search-open">
            <Search className="size-5" aria-hidden="true" />
          </Button>
        </DialogTrigger>
        <DialogContent
          closeLabel={t('common.close')}
          className="top-0 bottom-auto max-h-[100dvh] rounded-t-none rounded-b-2xl pt-5 sm:top-24 sm:translate-y-0"
          data-testid="search-sheet"
          onCloseAutoFocus={(e) => {
            if (navigated.current) e.preventDefault();
            navigated.current = false;
          }}
        >
          <DialogTitle>{t('search.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('search.sheetDescription')}</DialogDescription>
          <SearchCombobox
            variant="sheet"
            autoFocus
            onNavigate={() => {
              navigated.current = true;
              setSheet(false);
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
