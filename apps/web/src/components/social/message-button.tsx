import { Loader2, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { callFunction } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';

/**
 * "Message": opens the one thread with this person (`dm-thread-upsert`), then goes to it. Used on
 * profiles and item pages; shown only to signed-in visitors of someone else whom the server says may
 * message them (`viewer.canMessage`: no block either way, their DM setting admits the visitor).
 */
export function MessageButton({
  userId,
  variant = 'secondary',
  className,
  testId = 'message-button',
}: {
  userId: string;
  variant?: ButtonProps['variant'];
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const open = async () => {
    if (pending) return;
    setPending(true);
    try {
      const { thread } = await callFunction('dm-thread-upsert', { otherUserId: userId });
      void navigate(paths.messageThread.getHref(thread.id));
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
      setPending(false);
    }
  };
  return (
    // Not `disabled` while pending: a disabled button drops the keyboard focus, which a refusal would leave on the page's body.
    <Button
      variant={variant}
      className={cn('aria-disabled:opacity-55', className)}
      onClick={() => void open()}
      aria-disabled={pending || undefined}
      data-testid={testId}
    >
      {pending ? (
        <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <MessageCircle className="size-4" aria-hidden="true" />
      )}
      {t('social.message')}
    </Button>
  );
}
