import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { workerOrigin } from './ports';
import type { SampleName } from '../../../server/src/modules/generation/sample-photos';

export const ADMIN_EMAIL = 'admin@e2e.curio.test';
export const PASSWORD = 'display-cabinet-42';

let n = 0;
/** A unique address per call, so tests never collide on the shared server. */
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.curio.test`;
export const uniqueHandle = (tag = 'c') => `${tag}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(0, 20);

/** This worker's e2e server's origin: writes that carry the session cookie must name it (browsers always do). */
export const E2E_ORIGIN = workerOrigin();
export const ORIGIN_HEADER = { origin: E2E_ORIGIN };

export async function fn<T = any>(request: APIRequestContext, name: string, body: unknown = {}): Promise<T> {
  const res = await request.post(`/functions/v1/${name}`, { data: body, headers: ORIGIN_HEADER });
  if (!res.ok()) throw new Error(`${name} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs the admin (ADMIN_EMAILS of the e2e server) into the given request context by magic link, the
 * link taken from /dev/outbox: the role is granted only to a verified address.
 */
export async function signInAdmin(request: APIRequestContext) {
  const sent = await request.post('/auth/v1/sign-in/magic-link', { data: { email: ADMIN_EMAIL, callbackURL: '/' }, headers: ORIGIN_HEADER });
  if (!sent.ok()) throw new Error(`admin magic link failed: ${sent.status()} ${await sent.text()}`);
  const outbox = await (await request.get('/dev/outbox')).text();
  // Newest mail first.
  const mail = outbox.split('<article>').find((a) => a.includes(`to ${ADMIN_EMAIL} `));
  const href = mail?.match(/href="([^"]*\/auth\/v1\/magic-link\/verify[^"]*)"/)?.[1];
  if (!href) throw new Error('no magic link for the admin in /dev/outbox');
  const verify = await request.get(href.replaceAll('&amp;', '&'));
  if (!verify.ok()) throw new Error(`admin magic link verify failed: ${verify.status()}`);
}

export const admin = {
  settings: (request: APIRequestContext, body: Record<string, unknown>) => fn(request, 'admin-settings-update', body),
  async inviteCode(request: APIRequestContext, body: Record<string, unknown> = {}): Promise<string> {
    const r = await fn<{ codes: { code: string }[] }>(request, 'admin-invites-create', { count: 1, maxUses: 1, ...body });
    return r.codes[0]!.code;
  },
};

/** Signs a new user up and completes onboarding through the API, using the page's cookies. */
export async function onboardedUserInPage(page: Page) {
  const email = uniqueEmail();
  const res = await page.request.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'u' } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()}`);
  const handle = uniqueHandle();
  await fn(page.request, 'onboarding-complete', { handle, displayName: 'E2E Collector', bio: '', public: true });
  return { email, handle };
}

/** Drawn sample photos (a robot, an astronaut, a dinosaur) as JPEG files, made by the repo. */
export async function samplePhotoFile(name: SampleName = 'robot', size = { width: 600, height: 700 }) {
  const { samplePhoto } = await import('../../../server/src/modules/generation/sample-photos');
  return { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await samplePhoto(name, size) };
}

/**
 * Puts finished items on the signed-in user's shelf through the API (create, with the notes when
 * given; upload a photo, the robot unless named; generate, choose, place), in order.
 */
export async function seedShelfItems(
  request: APIRequestContext,
  items: { title: string; tags?: string; nsfw?: boolean; notes?: string; photo?: SampleName }[],
) {
  const photos = new Map<string, Awaited<ReturnType<typeof samplePhotoFile>>>();
  const ids: string[] = [];
  for (const it of items) {
    const name = it.photo ?? 'robot';
    if (!photos.has(name)) photos.set(name, await samplePhotoFile(name, { width: 300, height: 350 }));
    const photo = photos.get(name)!;
    const { item } = await fn(request, 'items-create', {
      title: it.title,
      tags: it.tags ?? '',
      nsfw: it.nsfw ?? false,
      ...(it.notes ? { metadata: it.notes } : {}),
    });
    const signed = await fn(request, 'uploads-sign', { kind: 'photo', fileName: photo.name, contentType: photo.mimeType });
    const up = await request.post(signed.uploadURL, { multipart: { file: photo }, headers: ORIGIN_HEADER });
    if (!up.ok()) throw new Error(`upload failed: ${up.status()}`);
    await fn(request, 'photos-add', { itemId: item.id, imageId: signed.imageId, role: 'front' });
    const { variants } = await fn(request, 'items-generate', { itemId: item.id, style: 'bright_gallery' });
    await fn(request, 'items-choose', { itemId: item.id, compositeId: variants[0].compositeId });
    await fn(request, 'items-place', { itemId: item.id });
    ids.push(item.id);
  }
  return ids;
}

/** The newest outbox mail to `email` whose subject contains `subject`: its subject, first link and text. */
export async function mailFromOutbox(request: APIRequestContext, email: string, subject: string) {
  const html = await (await request.get('/dev/outbox')).text();
  const article = html.split('<article>').find((a) => a.includes(`to ${email} `) && a.includes(subject));
  if (!article) return null;
  const href = article.match(/href="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? null;
  const heading = article.match(/<strong>([^<]*)<\/strong>/)?.[1] ?? '';
  return { href, subject: heading, text: article };
}

/** Waits for the mail {@link mailFromOutbox} finds (mails are sent as jobs). */
export async function waitForMail(request: APIRequestContext, email: string, subject: string) {
  let mail: Awaited<ReturnType<typeof mailFromOutbox>> = null;
  await expect.poll(async () => (mail = await mailFromOutbox(request, email, subject)) !== null, { timeout: 15_000 }).toBe(true);
  return mail!;
}
