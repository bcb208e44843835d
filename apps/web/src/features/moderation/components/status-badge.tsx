import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const TONES: Record<string, string> = {
  open: 'border-warning-fg/30 bg-warning-bg text-warning-fg',
  hidden: 'border-danger/40 bg-danger-bg text-danger-fg',
  dismissed: 'border-border bg-surface-sunken text-muted-foreground',
  hide: 'border-danger/40 bg-danger-bg text-danger-fg',
  unhide: 'border-info-fg/30 bg-info-bg text-info-fg',
  dismiss: 'border-border bg-surface-sunken text-muted-foreground',
  needinfo: 'border-warning-fg/30 bg-warning-bg text-warning-fg',
  resolve: 'border-info-fg/30 bg-info-bg text-info-fg',
};

/** A report's status or an action's name as a small tinted badge. */
export function StatusBadge({ value, kind, className }: { value: string; kind: 'status' | 'action'; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[value] ?? TONES.dismissed,
        className,
      )}
      data-testid={kind === 'status' ? 'report-status' : 'action-name'}
    >
      {kind === 'status' ? t(`moderation.status.${value}`) : t(`moderation.actions.${value}`)}
    </span>
  );
}
