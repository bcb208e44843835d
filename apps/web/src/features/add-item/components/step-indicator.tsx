import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { STEPS } from '../utils/wizard-rules';

/** 1 Details · 2 Photos · 3 Style · 4 Generate, with the current step marked (aria-current="step"). */
export function StepIndicator({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t('addItem.steps.label')} className="flex items-center gap-1.5 sm:gap-2" data-testid="wizard-steps">
      {STEPS.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            data-testid={`wizard-step-${step}`}
            data-state={active ? 'current' : done ? 'done' : 'upcoming'}
            className={cn('flex min-w-0 items-center gap-1.5 sm:gap-2', index < STEPS.length - 1 && 'flex-1')}
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                active && 'border-accent bg-accent text-accent-foreground',
                done && 'border-accent-soft bg-accent-soft text-accent-soft-foreground',
                !active && !done && 'border-border-strong text-muted-foreground',
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden="true" /> : <span aria-hidden="true">{index + 1}</span>}
            </span>
            <span className={cn('truncate text-sm', active ? 'font-semibold text-foreground' : 'text-muted-foreground max-sm:sr-only')}>
              <span className="sr-only">{t('addItem.steps.stepNumber', { number: index + 1 })} </span>
              {t(`addItem.steps.${step}`)}
              {done ? <span className="sr-only"> {t('addItem.steps.completed')}</span> : null}
            </span>
            {index < STEPS.length - 1 ? <span aria-hidden="true" className={cn('h-px min-w-3 flex-1', done ? 'bg-accent' : 'bg-border-strong')} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
