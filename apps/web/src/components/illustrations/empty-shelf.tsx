import type { SVGProps } from 'react';

/** Empty-state drawing: a bare plank with a dashed frame waiting for its first piece. Decorative. */
export function EmptyShelf(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 160 110" fill="none" aria-hidden="true" focusable="false" {...props}>
      <rect x="52" y="18" width="56" height="66" rx="8" className="stroke-border-strong" strokeWidth="2.5" strokeDasharray="6 6" />
      <path d="M80 40v22M69 51h22" className="stroke-accent" strokeWidth="3" strokeLinecap="round" />
      <path d="M28 30l4 4m0-4l-4 4M128 22l3 3m0-3l-3 3M134 56l4 4m0-4l-4 4" className="stroke-muted-foreground" strokeWidth="1.8" strokeLinecap="round" />
      <rect x="12" y="86" width="136" height="10" rx="3" className="fill-wood" />
      <rect x="12" y="94" width="136" height="4" rx="2" className="fill-wood-edge" />
      <ellipse cx="80" cy="104" rx="60" ry="3" className="fill-foreground" opacity="0.08" />
    </svg>
  );
}
