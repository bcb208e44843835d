import { itemFactsSchema, type ItemFacts } from '@curio/contract';
import { Check, Loader2, Target } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { useCreateWanted } from '../api/wanted';

/** The facts of someone's item when its answer carries them (item-get answers `facts` once items have them). */
function factsOf(item: object): ItemFacts | null {
  const parsed = itemFactsSchema.safeParse((item as { facts?: unknown }).facts);
  return parsed.success ? parsed.data : null;
}

/**
 * "I want this" on someone else's item: one press adds a private entry to the viewer's wanted list with the
 * item's title and facts, then a toast links to the list (where it can be edited or made public).
 */
export function WantThisButton({ item }: { item: { id: string; title: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWanted();
  const [added, setAdded] = useState(false);
  const onClick = () => {
    // Once added, the button says so and adds nothing more (the list is where to change the entry).
    if (create.isPending || added) return;
    const facts = factsOf(item);
    create.mutate(
      { title: item.title, ...(facts ? { facts } : {}), public: false },
      {
        onSuccess: () => {
          setAdded(true);
          toast.success(t('wanted.wantAdded', { title: item.title }), {
            action: { label: t('wanted.viewList'), onClick: () => void navigate(paths.myWanted.getHref()) },
          });
        },
        onError: (error) => toast.error(t(errorMessageKey(error))),
      },
    );
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      aria-disabled={create.isPending || added || undefined}
      data-testid="want-this"
      className="aria-disabled:opacity-55"
    >
      {create.isPending ? (
        <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : added ? (
        <Check aria-hidden="true" />
      ) : (
        <Target aria-hidden="true" />
      )}
      {added ? t('wanted.wantAgain') : t('wanted.want')}
    </Button>
  );
}
