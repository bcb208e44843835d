import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { createOpenAiGenerator, promptFor, STYLE_PROMPTS } from './openai-generator';

interface Seen {
  auth?: string;
  contentType?: string;
  form?: FormData;
}
let server: Server;
let base = '';
let mode: 'ok' | 'error' | 'slow' | 'short' = 'ok';
const seen: Seen = {};

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type']! } }).formData();
}

beforeAll(async () => {
  const png = (
    await sharp({ create: { width: 32, height: 40, channels: 3, background: '#884422' } })
      .png()
      .toBuffer()
  ).toString('base64');
  server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/v1/images/edits') {
      res.writeHead(404).end();
      return;
    }
    seen.auth = req.headers.authorization;
    seen.contentType = req.headers['content-type'];
    seen.form = await readForm(req);
    if (mode === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
    if (mode === 'slow') return void setTimeout(() => res.writeHead(200).end('{}'), 3000);
    const n = mode === 'short' ? 2 : Number(seen.form.get('n'));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: Array.from({ length: n }, () => ({ b64_json: png })) }));
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const photo = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
const request = async () => ({
  style: 'museum_brick_exhibit' as const,
  title: 'Tin robot',
  seed: 'ab',
  photos: [
    { role: 'front' as const, photo: await photo(), cutout: await photo() },
    { role: 'box' as const, photo: await photo(), cutout: await photo() },
  ],
});

describe('OpenAI-compatible generator', () => {
  it('sends the photos, the style prompt, the model and the key, and answers five images', async () => {
    mode = 'ok';
    const g = createOpenAiGenerator({ url: base, model: 'image-model-x', apiKey: 'sk-test', timeoutMs: 5000 });
    const { images: out, treatment } = await g.generate(await request());
    expect(out).toHaveLength(5);
    // The model stages the photos itself: no cut-out or print to report.
    expect(treatment).toBeNull();
    expect((await sharp(out[0]!).metadata()).format).toBe('png');
    expect(seen.auth).toBe('Bearer sk-test');
    expect(seen.contentType).toMatch(/^multipart\/form-data/);
    expect(seen.form!.get('model')).toBe('image-model-x');
    expect(seen.form!.get('n')).toBe('5');
    expect(seen.form!.get('prompt') as string).toContain(STYLE_PROMPTS.museum_brick_exhibit);
    expect(seen.form!.get('prompt') as string).toContain('Tin robot');
    const images = seen.form!.getAll('image[]') as File[];
    expect(images).toHaveLength(2);
    expect(images[1]!.name).toBe('photo-2-box.jpg');
  });

  it("asks for the label's words in the collector's language", async () => {
    mode = 'ok';
    const g = createOpenAiGenerator({ url: base, model: 'm', timeoutMs: 5000 });
    await g.generate({ ...(await request()), lang: 'zh-CN' });
    expect(seen.form!.get('prompt') as string).toBe(promptFor('museum_brick_exhibit', 'Tin robot', 'zh-CN'));
    expect(promptFor('bright_gallery', '高达', 'zh-CN')).toContain('Simplified Chinese');
    expect(promptFor('bright_gallery', 'Tin robot', 'en')).not.toContain('Chinese');
    expect(promptFor('bright_gallery', 'Tin robot')).toBe(promptFor('bright_gallery', 'Tin robot', 'en'));
  });

  it('fails on an error answer, a short answer and a time-out', async () => {
    const g = createOpenAiGenerator({ url: base, model: 'm', timeoutMs: 1000 });
    for (const m of ['error', 'short', 'slow'] as const) {
      mode = m;
      await expect(g.generate(await request()), m).rejects.toThrow();
    }
  });
});

describe('items-generate with GENERATOR=openai', () => {
  it('stores the five images it answers, and refunds the credits when it fails or times out', async () => {
    const t = await createTestApp({ GENERATOR: 'openai', GENERATOR_URL: base, GENERATOR_MODEL: 'm', GENERATOR_TIMEOUT_MS: '1000' });
    try {
      const photo = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#abc' } })
        .png()
        .toBuffer();
      const u = await t.itemWithPhoto(photo);
      mode = 'ok';
      const ok = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'manga_halftone' } });
      expect(ok.status).toBe(200);
      expect(ok.json.variants).toHaveLength(5);
      expect((await t.request(`/img/${ok.json.variants[0].imageId}/public`)).status).toBe(200);
      expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(27);
      for (const m of ['error', 'slow'] as const) {
        mode = m;
        const failed = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'manga_halftone' } });
        expect(failed.status, m).toBe(502);
        expect(failed.json.error.code).toBe('generation_failed');
        expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(27);
      }
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});
