import sharp from 'sharp';

const WORK_MAX = 900;

/**
 * A quick cut-out without a model: the background colour is read from the image's border, and the
 * pixels connected to the border that are close to it become transparent (a flood fill, so an
 * inner area of the same colour stays). Used while the model's cut-out is not ready or failed.
 */
export async function simpleCut(input: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(input)
    .resize(WORK_MAX, WORK_MAX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const px = (i: number) => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!] as const;

  // Background: the median of the border pixels, channel by channel.
  const border: number[][] = [[], [], []];
  for (let x = 0; x < w; x++) for (const y of [0, h - 1]) px(y * w + x).forEach((v, c) => border[c]!.push(v));
  for (let y = 0; y < h; y++) for (const x of [0, w - 1]) px(y * w + x).forEach((v, c) => border[c]!.push(v));
  const bg = border.map((vals) => vals.sort((a, b) => a - b)[vals.length >> 1]!);

  // Spread of the border around that colour sets the tolerance (textured backgrounds need more).
  let spread = 0;
  for (let i = 0; i < border[0]!.length; i++) {
    spread += Math.hypot(border[0]![i]! - bg[0]!, border[1]![i]! - bg[1]!, border[2]![i]! - bg[2]!);
  }
  spread /= border[0]!.length;
  const tolerance = Math.min(120, Math.max(28, spread * 2.2));

  const dist = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const [r, g, b] = px(i);
    dist[i] = Math.hypot(r - bg[0]!, g - bg[1]!, b - bg[2]!);
  }
  const isBg = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!isBg[i] && dist[i]! < tolerance) {
      isBg[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < w * (h - 1)) push(i + w);
  }

  const alpha = Buffer.alloc(w * h);
  for (let i = 0; i < w * h; i++) alpha[i] = isBg[i] ? 0 : 255;
  const softAlpha = await sharp(alpha, { raw: { width: w, height: h, channels: 1 } })
    .blur(1.2)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .joinChannel(softAlpha, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
}
