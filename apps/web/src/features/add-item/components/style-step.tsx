import { STYLES, type Style } from '@curio/contract';
import { CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { StepHeading } from './step-heading';
import { StyleIllustration } from './style-illustrations';

/** Step 3: the five styles as selectable cards (a radio group), each with a sample drawing. */
export function StyleStep({ value, onChange, focusHeading }: { value: Style; onChange: (style: Style) => void; focusHeading: boolean }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="grid gap-6" data-testid="wizard-style">
      <StepHeading title={t('addItem.style.title')} description={t('addItem.style.description')} autoFocus={focusHeading} />
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t('addItem.style.legend')}</legend>
        <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3">
          {STYLES.map((style) => {
            const checked = style === value;
            return (
              <label
                key={style}
                data-testid={`style-card-${style}`}
                data-state={checked ? 'checked' : 'unchecked'}
                className={cn(
                  'group relative grid cursor-pointer gap-0 overflow-hidden rounded-xl border-2 bg-surface shadow-soft transition-[border-color,box-shadow] duration-150 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-accent' : 'border-border hover:border-border-strong',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={style}
                  checked={checked}
                  onChange={() => onChange(style)}
                  aria-label={t(`addItem.style.names.${style}`)}
                  aria-describedby={`${name}-${style}`}
                  className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
                />
                <StyleIllustration name={style} className="aspect-[4/3] w-full" />
                <span className="grid gap-0.5 p-2.5 sm:p-3">
                  <span className="text-sm leading-snug font-medium sm:text-base">{t(`addItem.style.names.${style}`)}</span>
                  <span id={`${name}-${style}`} className="text-xs text-muted-foreground">
                    {t(`addItem.style.blurbs.${style}`)}
                  </span>
                </span>
                {checked ? (
                  <CheckCircle2 className="absolute top-2 right-2 size-6 rounded-full bg-surface fill-accent text-surface" aria-hidden="true" />
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
