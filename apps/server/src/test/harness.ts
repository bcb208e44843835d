import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FunctionInput, FunctionName, Style } from '@curio/contract';
import { createApp } from '../app';
import { parseEnv, resolveEnv } from '../env';
import { createLogger } from '../lib/logger';
import type { Mail, Mailer, StoredMail } from '../mail/mailer';
import type { ServiceOverrides } from '../services';
import { createTestDatabase } from './database';
import { testPasswordHashing } from './password-hashing';
import { assertMatchesContract, functionNameOf } from './contract-check';

export const TEST_ORIGIN = 'http://localhost:3000';

declare const uncheckedBody: unique symbol;
/** A body {@link unchecked} marks: what `call` sends whatever the contract says of its function's input. */
export type Unchecked = { readonly [uncheckedBody]: true } & Record<string, unknown>;
/** A body the contract would refuse, sent on purpose: a test of validation (`call(name, { body: unchecked({...}) })`). */
export function unchecked(body: unknown): Unchecked {
  return body as Unchecked;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** An in-process app on a fresh database, with helpers to call it as a browser would. */
export async function createTestApp(envOverrides: Record<string, string> = {}, overrides: ServiceOverrides = {}) {
  const database = await createTestDatabase();
  const env = resolveEnv(
    parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-data-')),
      STATIC_DIR: path.join(os.tmpdir(), 'curio-no-web'),
      AUTH_SECRET: 'test-secret-that-is-long-enough-1234567890',
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SIGNIN_RATE_LIMIT_MAX: '10000',
      AUTH_RATE_LIMIT_MAX: '10000',
      LOG_LEVEL: 'silent',
      CUTOUT: 'simple',
      ...envOverrides,
    }),
  );
  const mails: StoredMail[] = [];
  const mailer: Mailer = {
    async send(mail: Mail) {
      mails.unshift({ ...mail, id: String(mails.length), createdAt: new Date().toISOString() });
    },
    outbox: async () => mails,
  };
  const {
    app,
    fetch: serverFetch,
    guestAnswers,
    services,
    auth,
    adminAccounts,
    drained,
  } = createApp({ env, database, logger: createLogger('silent'), mailer, overrides, passwordHashing: testPasswordHashing });

  /** Sends a request as a browser on the test origin would. */
  async function send(url: string, opts: CallOptions = {}) {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body ?? {});
    }
    const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    return app.request(`${TEST_ORIGIN}${url}${qs}`, { method, headers, body });
  }

  /**
   * Sends a request as a browser would. A successful JSON answer of /functions/v1/{name} is checked
   * against the function's output schema in the contract (read from a clone: the caller reads the
   * answer as usual), so drift between them fails the test.
   */
  async function request(url: string, opts: CallOptions = {}) {
    const res = await send(url, opts);
    const name = functionNameOf(url);
    if (name && res.ok && res.headers.get('content-type')?.includes('application/json')) assertMatchesContract(name, await res.clone().json());
    return res;
  }

  /**
   * Calls /functions/v1/{name}; returns status and parsed JSON. Every successful answer is checked
   * against the function's output schema in the contract, so drift between them fails the test.
   */
  /** Calls a function of the contract by name (a name the contract does not have fails to compile). */
  async function call<T = any, N extends FunctionName = FunctionName>(name: N, opts: CallOptions & { body?: FunctionInput<N> | Unchecked } = {}) {
    const res = await send(`/functions/v1/${name}`, { method: 'POST', ...opts });
    const json = (await res.json()) as T;
    if (res.ok) assertMatchesContract(name, json);
    return { status: res.status, json, res };
  }

  let counter = 0;
  /** Signs a new user up with email + password; returns its cookie and id. */
  async function signUp(email = `user${Date.now()}${counter++}@example.com`, password = 'correct horse battery') {
    const res = await request('/auth/v1/sign-up/email', { body: { email, password, name: email.split('@')[0] } });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const json = (await res.json()) as { user: { id: string } };
    return { cookie: cookieFrom(res), userId: json.user.id, email, password };
  }

  /**
   * Signs in by magic link (the address counts as verified; a new address gets an account), following
   * the link from the mail as a browser would. The way to get an admin from ADMIN_EMAILS.
   */
  async function signInByMagicLink(email = `user${Date.now()}${counter++}@example.com`) {
    const sent = await request('/auth/v1/sign-in/magic-link', { body: { email, callbackURL: '/' } });
    if (sent.status !== 200) throw new Error(`magic link failed: ${sent.status} ${await sent.text()}`);
    const url = mails.find((m) => m.to === email)?.text.match(/https?:\/\/\S+/)?.[0];
    if (!url) throw new Error(`no magic link mailed to ${email}`);
    const verify = await request(url.replace(TEST_ORIGIN, ''));
    if (verify.status !== 302) throw new Error(`magic link verify failed: ${verify.status} ${await verify.text()}`);
    const cookie = cookieFrom(verify);
    const session = (await (await request('/auth/v1/get-session', { cookie })).json()) as { user: { id: string } };
    return { cookie, userId: session.user.id, email };
  }

  /** Signs up and completes onboarding (beta open). */
  async function onboardedUser(handle = `u${Date.now().toString(36)}${counter++}`) {
    const u = await signUp();
    const r = await call('onboarding-complete', {
      cookie: u.cookie,
      body: { handle, displayName: 'Test Collector', bio: '', public: true },
    });
    if (r.status !== 200) throw new Error(`onboarding failed: ${JSON.stringify(r.json)}`);
    return { ...u, handle, shelfId: r.json.shelfId as string };
  }

  /** Signs an upload and sends the bytes; returns the upload's response. */
  async function upload(cookie: string, bytes: Buffer, fileName = 'photo.jpg', contentType = 'image/jpeg') {
    const signed = await call('uploads-sign', { cookie, body: { kind: 'photo', fileName, contentType } });
    if (signed.status !== 200) return { signed, res: null as Response | null, imageId: null as string | null };
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
    const res = await app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, { method: 'POST', headers: { cookie, origin: TEST_ORIGIN }, body: form });
    return { signed, res, imageId: res.status === 200 ? (signed.json.imageId as string) : null };
  }

  /** An onboarded user with an item that has one uploaded photo. */
  async function itemWithPhoto(bytes: Buffer, title = 'Tin robot') {
    const u = await onboardedUser();
    const item = await call('items-create', { cookie: u.cookie, body: { title, tags: 'robots, tin' } });
    const up = await upload(u.cookie, bytes);
    if (!up.imageId) throw new Error(`upload failed: ${up.res?.status} ${await up.res?.text()}`);
    const photo = await call('photos-add', { cookie: u.cookie, body: { itemId: item.json.item.id, imageId: up.imageId, role: 'front' } });
    if (photo.status !== 200) throw new Error(`photos-add failed: ${JSON.stringify(photo.json)}`);
    return { ...u, itemId: item.json.item.id as string, imageId: up.imageId };
  }

  /**
   * An item with one photo, generated and one of its variants chosen: on display for others (and on the shelf with
   * `place`). Tags `robots`, style `bright_gallery` and the first variant unless told. Any step that fails throws,
   * naming it.
   */
  async function publish(cookie: string, photo: Buffer, opts: PublishOptions) {
    const step = async (name: FunctionName, body: Record<string, unknown>) => {
      const res = await call(name, { cookie, body });
      if (res.status !== 200) throw new Error(`${name} failed: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json;
    };
    const { item } = await step('items-create', {
      title: opts.title,
      tags: opts.tags ?? 'robots',
      ...(opts.nsfw === undefined ? {} : { nsfw: opts.nsfw }),
      ...(opts.metadata === undefined ? {} : { metadata: opts.metadata }),
    });
    const id = item.id as string;
    const up = await upload(cookie, photo);
    if (!up.imageId) throw new Error(`upload failed: ${up.res?.status}`);
    await step('photos-add', { itemId: id, imageId: up.imageId });
    const { variants } = await step('items-generate', { itemId: id, style: opts.style ?? 'bright_gallery' });
    const chosen = variants[opts.variant ?? 0] as { compositeId: string; imageId: string };
    await step('items-choose', { itemId: id, compositeId: chosen.compositeId });
    const placed = opts.place ? await step('items-place', { itemId: id }) : null;
    return {
      id,
      photoImageId: up.imageId,
      imageId: chosen.imageId,
      variants: variants as { compositeId: string; imageId: string; variantNo: number }[],
      arrangement: placed?.arrangement,
    };
  }

  /** {@link publish}'s item id, for a title (tags `robots`, style `bright_gallery`). */
  const publishedItem = async (cookie: string, photo: Buffer, title: string, opts: { place?: boolean } = {}) =>
    (await publish(cookie, photo, { title, place: opts.place })).id;

  /** Uploads a PNG as an avatar and makes it the user's own; answers its image id. */
  async function avatar(cookie: string, png: Buffer) {
    const signed = await call('uploads-sign', { cookie, body: { kind: 'avatar', fileName: 'me.png', contentType: 'image/png' } });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, { method: 'POST', headers: { cookie, origin: TEST_ORIGIN }, body: form });
    if (res.status !== 200) throw new Error(`avatar upload failed: ${res.status} ${await res.text()}`);
    const set = await call('profile-update', { cookie, body: { avatarImageId: signed.json.imageId } });
    if (set.status !== 200) throw new Error(`profile-update failed: ${JSON.stringify(set.json)}`);
    return signed.json.imageId as string;
  }

  return {
    app,
    /** What the HTTP server calls (answers /health itself, hands the rest to the app). */
    serverFetch,
    /** Guests' answers kept for the server entry. */
    guestAnswers,
    drained,
    env,
    services,
    auth,
    /** The admin panel's account actions (the admin command line uses them too). */
    adminAccounts,
    database,
    mails,
    request,
    call,
    signUp,
    signInByMagicLink,
    onboardedUser,
    upload,
    itemWithPhoto,
    publish,
    publishedItem,
    avatar,
    async close() {
      // better-auth finishes its start-up (its plugins write to the database) on first use, in the
      // background: let it end before the database closes, or it fails with an unhandled rejection.
      await auth.$context.catch(() => undefined);
      await services.functionStats.stop();
      await services.jobs.stop();
      await database.close();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What {@link TestApp.publish} makes: the item's fields, the style and variant chosen, and whether it is placed. */
export interface PublishOptions {
  title: string;
  tags?: string;
  nsfw?: boolean;
  metadata?: string;
  style?: Style;
  /** Which of the five variants becomes the item's image (0-based; the first unless told). */
  variant?: number;
  place?: boolean;
}
