import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { shareUrl } from '../utils/share-url';

/** Copies `{origin}/s/item/{id}`; without a usable clipboard it shows the link in a small dialog to copy by hand. */
export function ShareButton({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const [fallbackOpen, setFallbackOpen] = useState(false);

  // The link names the page's origin: made when asked for (the page may be rendered outside the browser).
  const onShare = async () => {
    const url = shareUrl(itemId);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast.success(t('item.linkCopied'));
    } catch {
      setFallbackOpen(true);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void onShare()} data-testid="item-share">
        <Share2 aria-hidden="true" />
        {t('item.share')}
      </Button>
      <Dialog open={fallbackOpen} onOpenChange={setFallbackOpen}>
        <DialogContent closeLabel={t('common.close')} data-testid="share-dialog">
          <DialogTitle>{t('item.shareTitle')}</DialogTitle>
          <DialogDescription>{t('item.shareFallback')}</DialogDescription>
          <Input
            readOnly
            value={fallbackOpen ? shareUrl(itemId) : ''}
            aria-label={t('item.shareLinkLabel')}
            onFocus={(e) => e.currentTarget.select()}
            autoFocus
            data-testid="share-url"
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
