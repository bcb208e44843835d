import sharp from 'sharp';

/**
 * Photos of made-up collectibles, drawn here so the repository needs no borrowed images: a tin
 * robot on a plain backdrop, an astronaut on a wooden table, a dinosaur on a checked cloth, and a
 * close-up of a plush cat whose head fills the frame (its ears cut by the top edge), as a phone
 * takes one.
 */
export type SampleName = 'robot' | 'astronaut' | 'dino' | 'cat';
export const SAMPLE_NAMES: SampleName[] = ['robot', 'astronaut', 'dino', 'cat'];

const robot = `
  <g>
    <rect x="585" y="170" width="16" height="90" fill="#777"/><circle cx="593" cy="160" r="22" fill="#e33"/>
    <rect x="440" y="250" width="310" height="230" rx="30" fill="url(#metal)" stroke="#555" stroke-width="6"/>
    <circle cx="530" cy="350" r="42" fill="#ffe27a" stroke="#444" stroke-width="8"/><circle cx="660" cy="350" r="42" fill="#ffe27a" stroke="#444" stroke-width="8"/>
    <rect x="520" y="420" width="150" height="26" rx="6" fill="#333"/>
    <rect x="400" y="500" width="390" height="380" rx="34" fill="url(#body)" stroke="#3a3a3a" stroke-width="6"/>
    <rect x="470" y="560" width="250" height="150" rx="14" fill="#2d4a6b"/>
    <circle cx="520" cy="760" r="20" fill="#e33"/><circle cx="595" cy="760" r="20" fill="#3b3"/><circle cx="670" cy="760" r="20" fill="#fc3"/>
    <rect x="300" y="520" width="90" height="300" rx="40" fill="url(#metal)" stroke="#555" stroke-width="5"/>
    <rect x="800" y="520" width="90" height="300" rx="40" fill="url(#metal)" stroke="#555" stroke-width="5"/>
    <rect x="450" y="880" width="110" height="230" rx="20" fill="url(#metal)" stroke="#555" stroke-width="5"/>
    <rect x="630" y="880" width="110" height="230" rx="20" fill="url(#metal)" stroke="#555" stroke-width="5"/>
    <rect x="420" y="1090" width="170" height="60" rx="16" fill="#444"/><rect x="600" y="1090" width="170" height="60" rx="16" fill="#444"/>
  </g>`;

const astronaut = `
  <g>
    <rect x="470" y="260" width="260" height="240" rx="120" fill="#f4f4f2" stroke="#999" stroke-width="6"/>
    <rect x="510" y="310" width="180" height="130" rx="60" fill="url(#visor)"/>
    <rect x="420" y="480" width="360" height="420" rx="60" fill="#f1f0ec" stroke="#9a9a9a" stroke-width="6"/>
    <rect x="520" y="560" width="160" height="110" rx="12" fill="#d0d4da" stroke="#888" stroke-width="4"/>
    <circle cx="560" cy="615" r="14" fill="#e44"/><circle cx="640" cy="615" r="14" fill="#48f"/>
    <rect x="320" y="500" width="110" height="330" rx="50" fill="#eceae4" stroke="#999" stroke-width="5"/>
    <rect x="770" y="500" width="110" height="330" rx="50" fill="#eceae4" stroke="#999" stroke-width="5"/>
    <rect x="450" y="880" width="130" height="260" rx="40" fill="#efeee9" stroke="#999" stroke-width="5"/>
    <rect x="620" y="880" width="130" height="260" rx="40" fill="#efeee9" stroke="#999" stroke-width="5"/>
    <rect x="430" y="1110" width="170" height="60" rx="20" fill="#6b6b6b"/><rect x="600" y="1110" width="170" height="60" rx="20" fill="#6b6b6b"/>
    <rect x="560" y="700" width="80" height="30" fill="#f60"/>
  </g>`;

const dino = `
  <g>
    <path d="M300 900 C 300 700, 520 600, 700 640 C 820 660, 880 560, 900 430 C 910 360, 1000 330, 1040 380 C 1090 440, 1050 520, 980 540 C 960 640, 900 760, 860 820 L 870 1100 L 780 1100 L 760 900 L 560 920 L 540 1100 L 450 1100 L 440 930 C 360 940, 260 980, 160 1040 C 220 960, 270 930, 300 900 Z" fill="url(#scales)" stroke="#1f4d25" stroke-width="8"/>
    <circle cx="1000" cy="410" r="12" fill="#111"/><path d="M960 500 L 1040 480" stroke="#1f4d25" stroke-width="6"/>
    <path d="M520 640 L 560 560 L 600 630 L 640 545 L 680 630 L 720 560 L 750 650" fill="#e8a23a" stroke="#8a5a14" stroke-width="4"/>
  </g>`;

const cat = `
  <g>
    <path d="M130 420 L 170 -60 L 470 230 Z" fill="#d88f4a" stroke="#8a5224" stroke-width="8"/>
    <path d="M1070 420 L 1030 -60 L 730 230 Z" fill="#d88f4a" stroke="#8a5224" stroke-width="8"/>
    <path d="M205 330 L 215 60 L 400 250 Z" fill="#f2b8b0"/><path d="M995 330 L 985 60 L 800 250 Z" fill="#f2b8b0"/>
    <ellipse cx="600" cy="760" rx="600" ry="560" fill="url(#fur)" stroke="#8a5224" stroke-width="8"/>
    <path d="M420 260 C 470 330, 500 330, 540 250 M 600 230 L 600 330 M 660 250 C 700 330, 730 330, 780 260" stroke="#a8622c" stroke-width="22" fill="none"/>
    <ellipse cx="400" cy="690" rx="95" ry="110" fill="#fff"/><ellipse cx="800" cy="690" rx="95" ry="110" fill="#fff"/>
    <ellipse cx="410" cy="700" rx="55" ry="80" fill="#2e7d32"/><ellipse cx="790" cy="700" rx="55" ry="80" fill="#2e7d32"/>
    <ellipse cx="410" cy="705" rx="20" ry="62" fill="#111"/><ellipse cx="790" cy="705" rx="20" ry="62" fill="#111"/>
    <ellipse cx="600" cy="1050" rx="330" ry="230" fill="#fbeee0"/>
    <path d="M560 900 L 640 900 L 600 950 Z" fill="#e07a8a"/>
    <path d="M600 950 C 600 1010, 540 1030, 510 1000 M 600 950 C 600 1010, 660 1030, 690 1000" stroke="#6b3b1a" stroke-width="10" fill="none"/>
    <path d="M250 950 L 20 900 M 250 990 L 0 1010 M 950 950 L 1180 900 M 950 990 L 1200 1010" stroke="#fff" stroke-width="6"/>
  </g>`;

const backdrops: Record<SampleName, string> = {
  robot: `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfdbe6"/><stop offset="1" stop-color="#aebfcf"/></linearGradient>`,
  astronaut: `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a5a34"/><stop offset="0.5" stop-color="#a06a3d"/><stop offset="1" stop-color="#7c4f2c"/></linearGradient>`,
  dino: `<pattern id="bg" width="120" height="120" patternUnits="userSpaceOnUse"><rect width="120" height="120" fill="#f4efe6"/><rect width="60" height="60" fill="#d9534f" opacity="0.75"/><rect x="60" y="60" width="60" height="60" fill="#d9534f" opacity="0.75"/></pattern>`,
  cat: `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b6f8f"/><stop offset="1" stop-color="#3d4d66"/></linearGradient>`,
};

const texture: Record<SampleName, string> = {
  robot: '',
  astronaut: Array.from(
    { length: 40 },
    (_, i) =>
      `<path d="M0 ${i * 40 + 10} C 400 ${i * 40 + 30}, 800 ${i * 40 - 10}, 1200 ${i * 40 + 15}" stroke="#5a3a1e" stroke-width="3" fill="none" opacity="0.35"/>`,
  ).join(''),
  dino: '',
  cat: Array.from({ length: 30 }, (_, i) => `<path d="M${i * 44} 0 L ${i * 44 - 300} 1400" stroke="#2c3a50" stroke-width="5" opacity="0.5"/>`).join(''),
};

const subjects: Record<SampleName, string> = { robot, astronaut, dino, cat };

export async function samplePhoto(name: SampleName, size: { width: number; height: number } = { width: 1200, height: 1400 }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1400" viewBox="0 0 1200 1400">
    <defs>${backdrops[name]}
      <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8ecef"/><stop offset="0.5" stop-color="#aab4bd"/><stop offset="1" stop-color="#7d8993"/></linearGradient>
      <linearGradient id="body" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c0392b"/><stop offset="0.5" stop-color="#e05a47"/><stop offset="1" stop-color="#962d22"/></linearGradient>
      <linearGradient id="visor" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5c26b"/><stop offset="1" stop-color="#7a4d12"/></linearGradient>
      <radialGradient id="fur" cx="0.45" cy="0.35" r="0.8"><stop offset="0" stop-color="#f0ad68"/><stop offset="1" stop-color="#c67a36"/></radialGradient>
      <linearGradient id="scales" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fbf63"/><stop offset="1" stop-color="#2e7d32"/></linearGradient>
      <radialGradient id="shade" cx="0.5" cy="0.85" r="0.4"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="1200" height="1400" fill="url(#bg)"/>${texture[name]}
    ${name === 'cat' ? '' : '<ellipse cx="600" cy="1170" rx="420" ry="70" fill="url(#shade)"/>'}
    ${subjects[name]}
  </svg>`;
  // Sensor-like noise makes it behave like a photograph (and exercises the cut-out).
  const { data, info } = await sharp(Buffer.from(svg)).resize(size.width, size.height).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let s = name.length * 7919;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((s >>> 24) % 11) - 5));
  }
  return sharp(data, { raw: info }).jpeg({ quality: 90 }).toBuffer();
}
