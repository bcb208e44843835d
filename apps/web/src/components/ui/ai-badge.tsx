import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * The mark every generated picture carries: "AI-styled", with why on hover and for screen readers ("Styled by AI
 * from the collector's photos"). A dark glass pill with white type, legible on any picture in either theme; callers
 * put it in a corner, away from the subject. `compact`: the sparkle alone (a shelf's small cells), named for
 * screen readers unless `decorative` (inside a link whose own label already says it).
 */
export function AiBadge({ compact = false, decorative = false, className }: { compact?: boolean; decorative?: boolean; className?: string }) {
  const { t } = useTranslation();
  const label = t('common.aiStyled.label');
  const explain = t('common.aiStyled.explain');
  return (
    <span
      data-testid="ai-badge"
      title={explain}
      {...(decorative ? { 'aria-hidden': true } : compact ? { role: 'img', 'aria-label': `${label}: ${explain}` } : {})}
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-black/65 font-semibold whitespace-nowrap text-white shadow-[0_1px_3px_rgb(0_0_0/0.35)] ring-1 ring-white/25 backdrop-blur-sm',
        compact ? 'size-5 justify-center' : 'px-2 py-0.5 text-[0.6875rem] leading-4',
        className,
      )}
    >
      <Sparkles className={compact ? 'size-3' : 'size-3 shrink-0'} aria-hidden="true" />
      {compact ? null : (
        <>
          {label}
          <span className="sr-only">{` (${explain})`}</span>
        </>
      )}
    </span>
  );
}
