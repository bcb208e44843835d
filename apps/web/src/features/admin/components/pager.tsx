import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous / "page N of M" / next under a paged admin list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-3" aria-label={t('adminPanel.pagination')}>
      <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t('adminPanel.previous')}
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums">{t('adminPanel.pageOf', { page: page + 1, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('adminPanel.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
