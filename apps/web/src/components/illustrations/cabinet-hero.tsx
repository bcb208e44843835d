import type { SVGProps } from 'react';

/** The hero drawing: a lit display cabinet with three planks of collected figures. Decorative. */
export function CabinetHero(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 480 440" fill="none" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <radialGradient id="ch-light" cx="50%" cy="0%" r="80%">
          <stop offset="0%" stopColor="#fff6e0" stopOpacity="0.75" />
          <stop offset="100%" stopColor="#fff6e0" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="ch-glass" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#ffffff" stopOpacity="0.28" />
          <stop offset="55%" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
      </defs>
      {/* floor shadow */}
      <ellipse cx="240" cy="426" rx="200" ry="10" className="fill-foreground" opacity="0.08" />
      {/* cabinet */}
      <rect x="40" y="16" width="400" height="404" rx="18" className="fill-wood-edge" />
      <rect x="56" y="32" width="368" height="372" rx="10" className="fill-cabinet" />
      <rect x="56" y="32" width="368" height="372" rx="10" fill="url(#ch-light)" />
      {/* planks */}
      {[150, 272, 394].map((y) => (
        <g key={y}>
          <rect x="56" y={y + 6} width="368" height="10" className="fill-foreground" opacity="0.07" />
          <rect x="48" y={y - 4} width="384" height="14" rx="3" className="fill-wood" />
          <rect x="48" y={y + 6} width="384" height="4" rx="2" className="fill-wood-edge" />
        </g>
      ))}

      {/* top plank: robot, vase, rocket */}
      <g>
        <rect x="92" y="72" width="44" height="38" rx="8" fill="#6f8fb5" />
        <circle cx="106" cy="90" r="5" fill="#f7f2ea" />
        <circle cx="122" cy="90" r="5" fill="#f7f2ea" />
        <rect x="111" y="58" width="6" height="14" rx="3" fill="#6f8fb5" />
        <circle cx="114" cy="56" r="5" className="fill-accent" />
        <rect x="98" y="112" width="32" height="34" rx="6" fill="#57759b" />
        <rect x="104" y="120" width="20" height="6" rx="3" fill="#f7f2ea" opacity="0.8" />
      </g>
      <g>
        <path d="M206 146c-18 0-24-18-20-36 3-14 12-20 12-30h16c0 10 9 16 12 30 4 18-2 36-20 36z" fill="#d9a441" />
        <path d="M196 80h20" stroke="#b9862c" strokeWidth="4" strokeLinecap="round" />
        <path d="M192 116c9 5 19 5 28 0" stroke="#f7f2ea" strokeWidth="3" strokeLinecap="round" opacity="0.8" />
      </g>
      <g>
        <path d="M300 146V96c0-22 14-38 22-44 8 6 22 22 22 44v50z" fill="#f2ebe1" stroke="#cbbba6" strokeWidth="2" />
        <circle cx="322" cy="98" r="8" fill="#6f8fb5" stroke="#cbbba6" strokeWidth="2" />
        <path d="M300 122l-14 24h14zM344 122l14 24h-14z" className="fill-accent" />
        <rect x="355" y="128" width="40" height="18" rx="3" className="fill-surface" stroke="#cbbba6" strokeWidth="1.5" />
        <path d="M362 135h26M362 140h16" stroke="#9c8a78" strokeWidth="2" strokeLinecap="round" />
      </g>

      {/* middle plank: bear, car, books */}
      <g>
        <circle cx="98" cy="212" r="11" fill="#a8704a" />
        <circle cx="138" cy="212" r="11" fill="#a8704a" />
        <circle cx="118" cy="228" r="24" fill="#b98258" />
        <circle cx="118" cy="252" r="22" fill="#b98258" />
        <ellipse cx="118" cy="234" rx="10" ry="7" fill="#e6c7a4" />
        <circle cx="110" cy="222" r="3" fill="#2a211b" />
        <circle cx="126" cy="222" r="3" fill="#2a211b" />
        <circle cx="118" cy="231" r="3" fill="#2a211b" />
      </g>
      <g>
        <path d="M178 262v-18c0-6 4-10 10-10h14l12-16h44l14 16h6c6 0 10 4 10 10v18z" className="fill-accent" />
        <path d="M218 222h34l10 12h-52z" fill="#f7f2ea" opacity="0.75" />
        <circle cx="202" cy="262" r="10" fill="#2a211b" />
        <circle cx="202" cy="262" r="4" fill="#cbbba6" />
        <circle cx="262" cy="262" r="10" fill="#2a211b" />
        <circle cx="262" cy="262" r="4" fill="#cbbba6" />
      </g>
      <g>
        <rect x="318" y="198" width="20" height="70" rx="2" fill="#8fa98a" />
        <rect x="340" y="188" width="22" height="80" rx="2" fill="#6f8fb5" />
        <rect x="364" y="206" width="18" height="62" rx="2" fill="#d98c8c" />
        <rect x="376" y="200" width="18" height="68" rx="2" fill="#d9a441" transform="rotate(12 385 268)" />
        <path d="M322 212h12M344 204h14M368 222h10" stroke="#f7f2ea" strokeWidth="2" strokeLinecap="round" opacity="0.7" />
      </g>

      {/* bottom plank: boxed figure, trophy, plant */}
      <g>
        <rect x="84" y="300" width="72" height="90" rx="6" fill="#f2ebe1" stroke="#cbbba6" strokeWidth="2" />
        <rect x="94" y="312" width="52" height="56" rx="4" fill="#dbe6f2" />
        <circle cx="120" cy="328" r="9" className="fill-accent" />
        <path d="M108 364v-16c0-6 5-10 12-10s12 4 12 10v16z" fill="#57759b" />
        <rect x="94" y="374" width="52" height="8" rx="2" className="fill-accent" opacity="0.85" />
      </g>
      <g>
        <path d="M218 318h44v12c0 16-10 26-22 26s-22-10-22-26z" fill="#d9a441" />
        <path d="M218 324h-10c0 12 6 18 12 18M262 324h10c0 12-6 18-12 18" stroke="#d9a441" strokeWidth="4" fill="none" />
        <rect x="234" y="354" width="12" height="16" fill="#b9862c" />
        <rect x="222" y="370" width="36" height="20" rx="3" fill="#5b412a" />
        <path d="M236 334l4-8 4 8" stroke="#f7f2ea" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <g>
        <path d="M330 390h44l-6-40h-32z" fill="#c4724a" />
        <path d="M352 350c-2-20-18-26-24-40 14 2 22 12 24 24 2-16 10-30 24-34-4 16-16 26-22 50z" fill="#8fa98a" />
        <path d="M352 350c0-18 2-34 0-50" stroke="#6d8a69" strokeWidth="3" strokeLinecap="round" />
      </g>

      {/* glass sheen */}
      <rect x="56" y="32" width="368" height="372" rx="10" fill="url(#ch-glass)" />
    </svg>
  );
}
