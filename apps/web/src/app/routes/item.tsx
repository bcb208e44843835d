import { useParams } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { ItemLedgerSection } from '@/features/collection/components/item-ledger-section';
import { ItemPage } from '@/features/item/components/item-page';
import { WantThisButton } from '@/features/wanted/components/want-this-button';
import { useAuth } from '@/lib/auth';

export default function ItemRoute() {
  const { itemId = '' } = useParams();
  const { user } = useAuth();
  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10">
        <ItemPage
          key={itemId}
          itemId={itemId}
          renderComments={(data) => <CommentsSection itemId={data.item.id} viewerId={data.viewer.signedIn ? (user?.id ?? null) : null} />}
          renderOwnerSection={(data) => <ItemLedgerSection itemId={data.item.id} />}
          renderActions={(data) =>
            // Someone else's item, for a signed-in collector: one press adds it to their wanted list.
            data.viewer.signedIn && !data.viewer.isOwner && !data.item.hidden ? (
              <div className="-mt-3">
                <WantThisButton item={data.item} />
              </div>
            ) : null
          }
        />
      </main>
      <SiteFooter />
    </>
  );
}
