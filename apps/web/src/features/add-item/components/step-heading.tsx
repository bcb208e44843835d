import { useEffect, useRef } from 'react';

/** The heading of a wizard step; it takes focus when the step appears (after Next or Back), for screen readers. */
export function StepHeading({ title, description, autoFocus }: { title: string; description?: string; autoFocus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <div className="grid gap-1.5">
      <h3 ref={ref} tabIndex={-1} className="font-display text-xl font-semibold tracking-tight outline-none" data-testid="wizard-step-title">
        {title}
      </h3>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}
