import { EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The consent card over a blurred NSFW image: "View content" stays disabled until the 18+ box is ticked. */
export function NsfwGate({ onConsent }: { onConsent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [adult, setAdult] = useState(false);
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-background/40 p-4" data-testid="nsfw-gate">
      <div
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="grid w-full max-w-sm gap-4 rounded-xl border border-border bg-surface/95 p-5 text-center shadow-lift backdrop-blur-md sm:p-6"
      >
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
          <EyeOff className="size-6" aria-hidden="true" />
        </span>
        <h2 id={`${id}-title`} className="font-display text-xl font-semibold tracking-tight">
          {t('item.nsfwGateTitle')}
        </h2>
        <p id={`${id}-text`} className="text-sm text-muted-foreground">
          {t('item.nsfwGateText')}
        </p>
        <label className="mx-auto inline-flex min-h-11 cursor-pointer items-center gap-3 text-left text-sm font-medium">
          <input
            type="checkbox"
            checked={adult}
            onChange={(e) => setAdult(e.target.checked)}
            className="size-5 shrink-0 cursor-pointer accent-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            data-testid="nsfw-confirm-age"
          />
          {t('item.nsfwConfirmAge')}
        </label>
        <Button onClick={onConsent} disabled={!adult} data-testid="nsfw-view-content">
          {t('item.nsfwViewContent')}
        </Button>
      </div>
    </div>
  );
}
