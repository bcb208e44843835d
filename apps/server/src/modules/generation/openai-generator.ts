import { STYLE_LABELS, VARIANTS_PER_GENERATION, type Language, type Style } from '@curio/contract';
import { GenerationError, type Generator } from './generator';

/** The prompt per style: what the scene must look like, keeping the item itself unchanged. */
export const STYLE_PROMPTS: Record<Style, string> = {
  bookshelf_hero:
    'Place this exact collectible, unchanged, standing on a warmly lit wooden bookshelf between old books, cinematic hero lighting, shallow depth of field.',
  bright_gallery:
    'Place this exact collectible, unchanged, in a bright white art gallery under a single spotlight, with a small museum label on the wall beside it.',
  manga_halftone: 'Redraw this exact collectible as a black-and-white manga panel: bold ink outlines, halftone screen-tone shading and dramatic speed lines.',
  museum_brick_exhibit:
    'Place this exact collectible, unchanged, on a stone plinth in front of an old red brick museum wall, spotlit, with a brass placard showing its title.',
  desk_figure_prototype:
    "Place this exact collectible, unchanged, on a green cutting mat with a grid on a designer's desk, warm desk-lamp light, a pencil and ruler nearby.",
};

/** For a Chinese-speaking collector the words the picture shows (label, placard) are asked for in Chinese. */
const WORDS_IN: Record<Language, string> = {
  en: '',
  'zh-CN': ' Any words on a label or placard are in Simplified Chinese, apart from the title as given.',
};

export function promptFor(style: Style, title: string, lang: Language = 'en') {
  return `${STYLE_PROMPTS[style]} The item is "${title}". Style: ${STYLE_LABELS[style]}. Portrait 4:5.${WORDS_IN[lang]}`;
}

/**
 * Any OpenAI-compatible image edit endpoint (POST {url}/images/edits, multipart): the item's photos
 * and the style's prompt; asks for five images. Errors and time-outs become GenerationError.
 */
export function createOpenAiGenerator(cfg: { url: string; model: string; apiKey?: string; timeoutMs: number }): Generator {
  const endpoint = `${cfg.url.replace(/\/$/, '')}/images/edits`;
  return {
    name: 'openai',
    async generate(req) {
      const form = new FormData();
      form.set('model', cfg.model);
      form.set('prompt', promptFor(req.style, req.title, req.lang));
      form.set('n', String(VARIANTS_PER_GENERATION));
      form.set('size', '1024x1536');
      for (const [i, p] of req.photos.slice(0, 4).entries()) {
        form.append('image[]', new Blob([new Uint8Array(p.photo)], { type: 'image/jpeg' }), `photo-${i + 1}-${p.role}.jpg`);
      }
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {},
          body: form,
          signal: AbortSignal.timeout(cfg.timeoutMs),
        });
      } catch (err) {
        throw new GenerationError(`image endpoint unreachable or too slow: ${(err as Error).message}`);
      }
      if (!res.ok) throw new GenerationError(`image endpoint answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const body = (await res.json().catch(() => null)) as { data?: { b64_json?: string }[] } | null;
      const images = (body?.data ?? []).map((d) => d.b64_json).filter((b): b is string => typeof b === 'string');
      if (images.length < VARIANTS_PER_GENERATION) throw new GenerationError(`image endpoint returned ${images.length} images`);
      return { images: images.slice(0, VARIANTS_PER_GENERATION).map((b) => Buffer.from(b, 'base64')), treatment: null };
    },
  };
}
