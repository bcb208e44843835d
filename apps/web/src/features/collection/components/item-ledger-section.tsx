import { Lock, NotebookTabs, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { useCollection } from '../api/collection';
import { LedgerForm } from './ledger-form';
import { LedgerSummary } from './ledger-summary';

/** The item page's private ledger, for its owner only (the page shows it to nobody else; the server answers it to nobody else). */
export function ItemLedgerSection({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const collection = useCollection();
  const [editing, setEditing] = useState(false);
  const item = collection.data?.items.find((i) => i.id === itemId);

  return (
    <section
      aria-labelledby="item-ledger-title"
      className="grid gap-3 rounded-xl border border-dashed border-border-strong bg-surface p-4 shadow-soft"
      data-testid="item-ledger"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="item-ledger-title" className="flex items-center gap-2 font-semibold">
          <NotebookTabs className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('collection.ledger.title')}
        </h2>
        <span className="inline-flex items-center gap-1 rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-medium text-muted-foreground">
          <Lock className="size-3" aria-hidden="true" />
          {t('collection.ledger.private')}
        </span>
      </div>
      {collection.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : collection.error ? (
        <p role="alert" className="text-sm text-danger">
          {t(errorMessageKey(collection.error))}
        </p>
      ) : item && editing ? (
        <LedgerForm itemId={itemId} ledger={item.ledger} onDone={() => setEditing(false)} />
      ) : item ? (
        <>
          <LedgerSummary ledger={item.ledger} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={paths.collection.getHref()} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
              {t('collection.ledger.openCollection')}
            </Link>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="ledger-edit">
              <Pencil aria-hidden="true" />
              {t('collection.ledger.edit')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
