import { BellOff, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useMutePerson, useMutes } from '../api/mute-person';

/**
 * Mute (or unmute) the person shown: their items, comments and notifications leave the viewer's own view. Silent:
 * they are told nothing, and may still see and follow the viewer (a block is the stronger step).
 */
export function MuteButton({ userId, handle }: { userId: string; handle: string }) {
  const { t } = useTranslation();
  const mutes = useMutes();
  const mute = useMutePerson();
  const muted = !!mutes.data?.users.some((u) => u.userId === userId);
  const onClick = () => {
    if (mute.isPending || !mutes.data) return;
    mute.mutate(
      { userId, muted: !muted },
      {
        onSuccess: (r) =>
          toast.success(t(r.muted ? 'profile.muted' : 'profile.unmuted', { handle }), r.muted ? { description: t('profile.mutedText') } : undefined),
        onError: () => toast.error(t('common.error')),
      },
    );
  };
  return (
    <Button
      variant="ghost"
      aria-pressed={muted}
      aria-disabled={mute.isPending || !mutes.data || undefined}
      onClick={onClick}
      data-testid="profile-mute"
      className="aria-disabled:opacity-55"
    >
      {muted ? <BellRing className="size-4" aria-hidden="true" /> : <BellOff className="size-4" aria-hidden="true" />}
      {t(muted ? 'profile.unmute' : 'profile.mute')}
    </Button>
  );
}
