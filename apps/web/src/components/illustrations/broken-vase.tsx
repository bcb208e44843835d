import type { SVGProps } from 'react';

/** Error drawing: a vase in two pieces on a plinth. Decorative. */
export function BrokenVase(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 160 130" fill="none" aria-hidden="true" focusable="false" {...props}>
      <path d="M58 96c-12-6-14-24-8-38 4-9 10-12 10-20h14l-6 16 10 8-8 12 6 22z" className="fill-accent" opacity="0.9" />
      <path d="M86 96l-6-22 8-12-10-8 6-16h8c0 8 6 11 10 20 6 14 4 32-8 38z" className="fill-accent" opacity="0.65" transform="rotate(10 90 96)" />
      <path d="M58 38h34" className="stroke-accent" strokeWidth="4" strokeLinecap="round" />
      <rect x="30" y="98" width="100" height="10" rx="3" className="fill-wood" />
      <rect x="38" y="108" width="84" height="18" rx="2" className="fill-wood-edge" />
    </svg>
  );
}
