import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { DELETION_GRACE_DAYS, EXPORT_DOWNLOAD_PATH, EXPORT_TTL_DAYS, type AccountDataStatus, type AccountExportState } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { deletionCodeMail, deletionScheduledMail, exportReadyMail } from '../../mail/templates-data';
import type { Storage } from '../../storage/storage';
import { commentWrites } from '../comments/comments.service';
import type { DomainEvents } from '../events/domain-events';
import { followWrites } from '../follows/follow-writes.service';
import type { ImagesService } from '../images/images.service';
import type { ItemPagesService } from '../items/item-pages.service';
import { QUEUES, type Jobs } from '../jobs/jobs';
import type { LedgerService } from '../ledger/ledger.service';
import { messageWrites } from '../messages/messages.service';
import { profileWrites } from '../profiles/profiles.service';
import { shelfCardsFolder } from '../share/shelf-card';
import { socialRecords } from '../social/social-records.service';
import { accountDataRepository, type ExportRow } from './account-data.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_TTL_MS = 15 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;

/** What the service needs from better-auth (the app attaches it once auth exists). */
export interface AuthBridge {
  /** Whether the user has a password (a credential account with one). */
  hasPassword(userId: string): Promise<boolean>;
  verifyPassword(userId: string, password: string): Promise<boolean>;
  /** The session the request's cookie names (its user, start and how it began); null without one. */
  currentSession(headers: Headers): Promise<{ userId: string; createdAt: Date; signInMethod: string | null } | null>;
}

/** How recent a passkey sign-in must be to confirm a deletion. */
export const PASSKEY_CONFIRMATION_MS = 5 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const confirmationInvalid = () => new AppError(400, 'confirmation_invalid', 'The password or code is not right (or the code expired)');
const exportGone = () => new AppError(410, 'export_expired', 'This download link expired or is not yours; ask for a new export');

/**
 * "Own your data": the export (a ZIP built by a job, stored in the object store, mailed as a link
 * that expires) and the deletion of an account after a grace period in which signing in cancels it.
 */
export function createAccountDataService(
  db: Db,
  deps: {
    storage: Storage;
    jobs: Jobs;
    images: ImagesService;
    itemPages: ItemPagesService;
    /** The inventory CSV (the items' facts and private ledger) that the archive includes. */
    ledger: Pick<LedgerService, 'exportCsv'>;
    logger: Logger;
    mailer?: Mailer;
    publicUrl: string;
    appName: string;
    secret: string;
    /**
     * Publishes `profile.visibility` in the transaction that hides the profile (a scheduled deletion), shows it again
     * (a cancelled one) or deletes the person, and `session.revoked` once their sessions are deleted.
     */
    domainEvents: DomainEvents;
    now?: () => Date;
  },
) {
  const repo = accountDataRepository(db);
  const now = () => deps.now?.() ?? new Date();
  let auth: AuthBridge | null = null;
  const bridge = () => {
    if (!auth) throw new Error('account-data: auth not attached');
    return auth;
  };
  const codeHash = (userId: string, code: string) => createHmac('sha256', deps.secret).update(`${userId}:${code}`).digest('hex');
  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await deps.mailer?.send(mail);
    } catch (err) {
      deps.logger.warn({ err, to: mail.to }, 'account-data: a mail could not be queued');
    }
  };

  function exportState(row: ExportRow | null, at: Date): AccountExportState {
    if (!row || row.status === 'failed') return { state: 'none', requestedAt: null, expiresAt: null, url: null, bytes: null };
    if (row.status === 'preparing') return { state: 'preparing', requestedAt: row.createdAt.toISOString(), expiresAt: null, url: null, bytes: null };
    if (!row.expiresAt || row.expiresAt <= at) return { state: 'none', requestedAt: null, expiresAt: null, url: null, bytes: null };
    return {
      state: 'ready',
      requestedAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      url: row.token ? `${EXPORT_DOWNLOAD_PATH}/${row.token}` : null,
      bytes: row.bytes,
    };
  }

  async function removeExport(row: ExportRow) {
    if (row.storageKey)
      await deps.storage.delete(row.storageKey).catch((err) => deps.logger.warn({ err, key: row.storageKey }, 'account-data: export not removed from storage'));
    await repo.deleteExport(row.id);
  }

  /** The archive: data.json with everything the person made, and their images under images/. */
  async function buildArchive(userId: string): Promise<Uint8Array> {
    const [account, profile, shelf, items, comments, liked, saved, following, messages, settings, credits, wanted] = await Promise.all([
      repo.account(userId),
      repo.profile(userId),
      repo.shelf(userId),
      repo.items(userId),
      repo.comments(userId),
      repo.marks(userId, 'likes'),
      repo.marks(userId, 'saves'),
      repo.following(userId),
      repo.messagesSent(userId),
      repo.settings(userId),
      repo.credits(userId),
      repo.wanted(userId),
    ]);
    const files: Zippable = {};
    const addImage = async (imageId: string, format: string, name: string): Promise<string | null> => {
      const bytes = await deps.images.readMaster(imageId).catch(() => null);
      if (!bytes) return null;
      const path = `images/${name}.${format}`;
      files[path] = [new Uint8Array(bytes), { level: 0 }];
      return path;
    };
    const itemsOut = [];
    for (const item of items) {
      const photoFiles = [];
      for (const [i, p] of item.photos.entries())
        photoFiles.push({ role: p.role, altText: p.altText, file: await addImage(p.imageId, p.format, `${item.id}/photo-${i + 1}-${p.role}`) });
      const chosen = item.chosenImage
        ? {
            style: item.chosenImage.style,
            altText: item.chosenImage.altText,
            file: await addImage(item.chosenImage.imageId, item.chosenImage.format, `${item.id}/chosen`),
          }
        : null;
      const { photos: _p, chosenImage: _c, ...rest } = item;
      itemsOut.push({ ...rest, photos: photoFiles, chosenImage: chosen });
    }
    const wantedOut = [];
    for (const { photo, ...entry } of wanted)
      wantedOut.push({ ...entry, photo: photo ? await addImage(photo.imageId, photo.format, `wanted/${entry.id}`) : null });
    let avatar: string | null = null;
    if (profile?.avatarImageId) {
      const format = await repo.avatarFormat(profile.avatarImageId);
      if (format) avatar = await addImage(profile.avatarImageId, format, 'avatar');
    }
    const data = {
      format: 'curio-export',
      version: 1,
      exportedAt: now().toISOString(),
      account,
      profile: profile
        ? { handle: profile.handle, displayName: profile.displayName, bio: profile.bio, public: profile.public, createdAt: profile.createdAt, avatar }
        : null,
      privacy: { profilePublic: profile?.public ?? true, ...settings },
      shelf,
      items: itemsOut,
      wanted: wantedOut,
      comments,
      likes: liked,
      saves: saved,
      following,
      messagesSent: messages,
      credits,
    };
    files['data.json'] = strToU8(JSON.stringify(data, null, 2));
    // The items' facts and private ledger, as the collection page exports them (the person's own items only).
    files['inventory.csv'] = strToU8((await deps.ledger.exportCsv(userId)).body);
    return zipSync(files, { level: 6 });
  }

  const service = {
    attachAuth(bridgeImpl: AuthBridge) {
      auth = bridgeImpl;
    },

    async status(userId: string): Promise<AccountDataStatus> {
      const [latest, hasPassword] = await Promise.all([repo.latestExport(userId), bridge().hasPassword(userId)]);
      return { export: exportState(latest, now()), hasPassword };
    },

    /** Queues an export unless one is being built; answers the state the page shows. */
    async requestExport(userId: string): Promise<AccountExportState> {
      const latest = await repo.latestExport(userId);
      if (latest?.status === 'preparing') return exportState(latest, now());
      const row = await repo.insertExport(userId);
      await deps.jobs.send(QUEUES.accountExport.name, { exportId: row.id });
      return exportState(row, now());
    },

    /** The job: builds the archive, stores it, mails the link, and drops the person's older exports. */
    async buildExport(exportId: string) {
      const row = await repo.findExport(exportId);
      if (!row || row.status !== 'preparing') return { skipped: true };
      const zip = await buildArchive(row.userId);
      const storageKey = `exports/${row.userId}/${row.id}.zip`;
      await deps.storage.put(storageKey, Buffer.from(zip), 'application/zip');
      const token = randomBytes(32).toString('base64url');
      const readyAt = now();
      const expiresAt = new Date(readyAt.getTime() + EXPORT_TTL_DAYS * DAY_MS);
      await repo.markExportReady(row.id, { storageKey, token, tokenHash: sha256(token), bytes: zip.byteLength, readyAt, expiresAt });
      for (const old of await repo.exportsOf(row.userId)) if (old.id !== row.id && old.status !== 'preparing') await removeExport(old);
      const account = await repo.account(row.userId);
      if (account)
        await send(exportReadyMail({ to: account.email, appName: deps.appName, url: `${deps.publicUrl}${EXPORT_DOWNLOAD_PATH}/${token}`, expiresAt }));
      return { bytes: zip.byteLength };
    },

    async markExportFailed(exportId: string) {
      await repo.markExportFailed(exportId);
    },

    /**
     * The archive for a download: the token must name a ready, unexpired export, and the signed-in
     * person must be its owner (a forwarded or leaked mail alone is not enough).
     */
    async download(token: string, userId: string) {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw exportGone();
      const row = await repo.findExportByTokenHash(sha256(token));
      if (!row || row.userId !== userId || row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now() || !row.storageKey) throw exportGone();
      const bytes = await deps.storage.get(row.storageKey);
      if (!bytes) throw exportGone();
      return { bytes, fileName: `curio-data-${row.readyAt?.toISOString().slice(0, 10) ?? 'export'}.zip` };
    },

    /** Expired exports (and those a newer one replaced) leave the store and the table. */
    async removeExpiredExports(at = now()) {
      let removed = 0;
      for (;;) {
        const batch = await repo.staleExports(at);
        for (const row of batch) await removeExport(row);
        removed += batch.length;
        if (batch.length < 100) return removed;
      }
    },

    /** Mails a one-time code that confirms a deletion (for accounts without a password). */
    async sendDeletionCode(userId: string) {
      const account = await repo.account(userId);
      if (!account) throw notFound();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.saveCode(userId, codeHash(userId, code), new Date(now().getTime() + CODE_TTL_MS));
      await send(deletionCodeMail({ to: account.email, appName: deps.appName, code }));
      return { sent: true as const };
    },

    /**
     * Confirmed by the password, the mailed code or a passkey (the caller's session began with a passkey
     * sign-in less than 5 minutes ago): schedules the deletion after the grace period, hides the profile
     * and its items from everyone, ends every session and mails the person.
     */
    async requestDeletion(userId: string, input: { password?: string; code?: string; via?: 'passkey' }, headers?: Headers) {
      let confirmed = false;
      if (input.via === 'passkey' && headers) {
        const session = await bridge().currentSession(headers);
        confirmed =
          session !== null &&
          session.userId === userId &&
          session.signInMethod === 'passkey' &&
          now().getTime() - session.createdAt.getTime() <= PASSKEY_CONFIRMATION_MS;
      }
      if (!confirmed && input.password !== undefined) confirmed = await bridge().verifyPassword(userId, input.password);
      if (!confirmed && input.code !== undefined) {
        const stored = await repo.findCode(userId);
        if (stored && stored.expiresAt > now() && stored.attempts < CODE_MAX_ATTEMPTS) {
          const given = Buffer.from(codeHash(userId, input.code));
          confirmed = given.length === stored.codeHash.length && timingSafeEqual(given, Buffer.from(stored.codeHash));
          if (confirmed) await repo.deleteCode(userId);
          else await repo.countCodeAttempt(userId);
        }
      }
      if (!confirmed) throw confirmationInvalid();
      const account = await repo.account(userId);
      if (!account) throw notFound();
      const scheduledFor = new Date(now().getTime() + DELETION_GRACE_DAYS * DAY_MS);
      const existing = await repo.findDeletion(userId);
      await deps.domainEvents.transaction(db, async (tx, publish) => {
        const r = accountDataRepository(tx);
        // A second request keeps what the profile was before the first.
        const wasHidden = existing?.status === 'scheduled' ? existing.profileWasHidden : ((await r.profileHidden(userId)) ?? false);
        await r.scheduleDeletion(userId, scheduledFor, wasHidden);
        await profileWrites(tx).setHiddenByUser(userId, true);
        await publish('profile.visibility', { userId, hidden: true });
        await authAccounts(tx).deleteSessions(userId);
      });
      await deps.domainEvents.publish('session.revoked', { userId });
      await send(deletionScheduledMail({ to: account.email, appName: deps.appName, url: `${deps.publicUrl}/login`, scheduledFor }));
      deps.logger.info({ userId, scheduledFor }, 'account-data: deletion scheduled');
      return { scheduledFor: scheduledFor.toISOString() };
    },

    /** A new session during the grace period cancels the deletion and shows the profile again. */
    async onSessionCreated(userId: string) {
      const cancelled = await deps.domainEvents.transaction(db, async (tx, publish) => {
        const r = accountDataRepository(tx);
        const row = await r.cancelDeletion(userId);
        if (!row) return false;
        await profileWrites(tx).setHiddenByUser(userId, row.profileWasHidden);
        await publish('profile.visibility', { userId, hidden: row.profileWasHidden });
        return true;
      });
      if (cancelled) {
        deps.logger.info({ userId }, 'account-data: deletion cancelled by a sign-in');
      }
    },

    /** Whether a sign-in cancelled a deletion the person has not been told about (told once). */
    async takeDeletionNotice(userId: string) {
      return { cancelled: await repo.takeNotice(userId) };
    },

    /** The periodic job: every deletion whose grace period is over is carried out. */
    async runDueDeletions(at = now()) {
      let deleted = 0;
      for (;;) {
        const due = await repo.dueDeletions(at);
        for (const userId of due) {
          await service.deleteAccountNow(userId);
          deleted++;
        }
        if (due.length < 20) return deleted;
      }
    },

    /**
     * Deletes the account and what the person made, at once (also for admins): items with their
     * images (storage too), uploads and avatar, likes, saves and follows (others' counters kept
     * right), comments (kept as "deleted user" without text where others answered after them), the
     * messages they sent, exports, and last the user (sessions, notifications, settings, shelf and
     * profile go with it).
     */
    async deleteAccountNow(userId: string) {
      const itemIds = await repo.itemIds(userId);
      for (const itemId of itemIds) await deps.itemPages.delete(userId, itemId);
      await db.transaction(async (tx) => {
        await authAccounts(tx).deleteSessions(userId);
        // Likes, saves and follows go; everyone else's counters stay right.
        await socialRecords(tx).removeMarksOf(userId);
        await followWrites(tx).removeAllOf(userId);
        await commentWrites(tx).removeAllBy(userId);
        await messageWrites(tx).removeSentBy(userId);
      });
      await deps.domainEvents.publish('session.revoked', { userId });
      for (const row of await repo.exportsOf(userId)) await removeExport(row);
      await deps.storage.deletePrefix(`exports/${userId}`).catch(() => undefined);
      const imageIds = await repo.ownedImageIds(userId);
      // The person goes with their profile, comments and marks: what any process keeps for others to see goes too.
      await deps.domainEvents.transaction(db, async (tx, publish) => {
        await authAccounts(tx).deleteUser(userId);
        await publish('profile.visibility', { userId, hidden: true });
      });
      await deps.images.remove(imageIds);
      // The pictures of their shelf's link previews (no page names them any longer).
      await deps.storage.deletePrefix(shelfCardsFolder(userId)).catch(() => undefined);
      deps.logger.info({ userId, items: itemIds.length, images: imageIds.length }, 'account-data: account deleted');
      return { deleted: true as const };
    },
  };

  deps.jobs.handle<{ exportId: string }>(QUEUES.accountExport.name, async ({ exportId }, ctx) => {
    try {
      return await service.buildExport(exportId);
    } catch (err) {
      if (ctx.lastAttempt) await service.markExportFailed(exportId);
      throw err;
    }
  });
  deps.jobs.handle(QUEUES.accountDataSweep.name, async () => ({ exports: await service.removeExpiredExports(), deleted: await service.runDueDeletions() }));
  return service;
}
export type AccountDataService = ReturnType<typeof createAccountDataService>;
