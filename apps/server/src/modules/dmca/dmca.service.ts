import { randomInt } from 'node:crypto';
import {
  DMCA_REFERENCE_ALPHABET,
  isHttpUrl,
  MODERATION_PAGE,
  type DmcaAction,
  type DmcaStatus,
  type DmcaSubmitParsed,
  type DmcaSummary,
  type ModDmcaActResult,
  type ModDmcaGetResult,
  type ModDmcaListResult,
  type ModerationActionEntry,
} from '@curio/contract';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../events/domain-events';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mail, Mailer } from '../../mail/mailer';
import { itemRecords } from '../items/item-records.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { moderationLog } from '../moderation/moderation-log.service';
import { claimantReceiptMail, needInfoMail, operatorNoticeMail, takedownMail, type NoticeForMail } from './dmca.mails';
import { dmcaActionsRepository } from './dmca-actions.repository';
import { dmcaRepository, type DmcaListRow } from './dmca.repository';

/** A new reference: `DMCA-` and 8 characters without look-alikes (31^8, about 8.5e11). */
export function newReference(): string {
  let s = 'DMCA-';
  for (let i = 0; i < 8; i++) s += DMCA_REFERENCE_ALPHABET[randomInt(DMCA_REFERENCE_ALPHABET.length)];
  return s;
}

/**
 * What each moderator action does to a notice in each status (spec part 2 §4: "Hide hides the item
 * and marks the request hidden"; the rest is ours):
 * - open / needinfo: hide → hidden (the item is hidden as a DMCA takedown), needinfo → needinfo (the
 *   claimant is mailed the note; asking again is allowed), dismiss → dismissed, resolve → resolved.
 * - hidden: resolve → resolved (the item stays hidden); nothing else.
 * - dismissed, resolved: closed; every action is refused.
 */
export const DMCA_TRANSITIONS: Record<DmcaStatus, Partial<Record<DmcaAction, DmcaStatus>>> = {
  open: { hide: 'hidden', needinfo: 'needinfo', dismiss: 'dismissed', resolve: 'resolved' },
  needinfo: { hide: 'hidden', needinfo: 'needinfo', dismiss: 'dismissed', resolve: 'resolved' },
  hidden: { resolve: 'resolved' },
  dismissed: {},
  resolved: {},
};

export const DMCA_SERVICE_MESSAGES = {
  closed: 'This DMCA notice has already been closed',
  notAllowed: 'This action is not available for a notice in this state',
  noItem: 'This notice names no item on this site that could be hidden',
  notFound: 'DMCA notice not found',
} as const;

export function createDmcaService(
  db: Db,
  deps: {
    mailer?: Mailer;
    logger: Logger;
    /** Where notices are mailed (OPERATOR_EMAILS, else ADMIN_EMAILS). */
    operatorEmails: string[];
    publicUrl: string;
    appName: string;
    /** Publishes `item.changed` in the transaction of a takedown (what every process keeps of the item goes). */
    domainEvents: DomainEvents;
    /** Tells an item's owner of its takedown. */
    notifications?: Pick<NotificationsService, 'create'>;
  },
) {
  const repo = dmcaRepository(db);
  const { logger } = deps;

  /** Mails never fail the request that sends them: a notice is stored before anything is mailed. */
  async function send(mail: Mail) {
    if (!deps.mailer) return;
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      logger.error({ err, to: mail.to, subject: mail.subject }, 'DMCA mail could not be sent');
    }
  }

  const forMail = (n: DmcaListRow): NoticeForMail => ({ ...n, createdAt: n.createdAt });

  const summary = (n: DmcaListRow): DmcaSummary => ({
    id: n.reference,
    status: n.status,
    claimantName: n.claimantName,
    claimantEmail: n.claimantEmail,
    infringingItemId: n.infringingItemId,
    itemTitle: n.itemTitle,
    infringingUrls: n.infringingUrls,
    createdAt: n.createdAt.toISOString(),
  });

  async function find(reference: string) {
    const row = await repo.findByReference(reference.toUpperCase());
    if (!row) throw notFound(DMCA_SERVICE_MESSAGES.notFound);
    return row;
  }

  return {
    /** Files a notice; mails the operators and a receipt to the claimant. Answers the reference. */
    async submit(input: DmcaSubmitParsed): Promise<{ id: string }> {
      // The item's address is kept with the other infringing addresses; the item itself only if it exists.
      const itemUrl = input.infringingItemId
        ? input.infringingItemUrl && isHttpUrl(input.infringingItemUrl)
          ? input.infringingItemUrl
          : `${deps.publicUrl}/i/${input.infringingItemId}`
        : null;
      const infringingUrls = [...new Set([...(itemUrl ? [itemUrl] : []), ...input.infringingUrls])];
      const itemId = input.infringingItemId && (await repo.itemExists(input.infringingItemId)) ? input.infringingItemId : null;
      let row = null;
      for (let attempt = 0; !row; attempt++) {
        if (attempt === 5) throw new Error('could not draw a free DMCA reference');
        row = await repo.insert({
          reference: newReference(),
          claimantName: input.claimantName,
          claimantEmail: input.claimantEmail,
          claimantAddress: input.claimantAddress,
          claimantPhone: input.claimantPhone,
          signature: input.signature,
          workDescription: input.workDescription,
          originalUrls: input.originalUrls,
          infringingItemId: itemId,
          infringingUrls,
          goodFaith: input.goodFaith,
          perjury: input.perjury,
        });
      }
      const notice: NoticeForMail = { ...row, createdAt: row.createdAt };
      logger.info({ reference: row.reference, itemId }, 'DMCA notice filed');
      if (!deps.operatorEmails.length) logger.warn({ reference: row.reference }, 'DMCA notice filed, but no OPERATOR_EMAILS (or ADMIN_EMAILS) to mail it to');
      for (const to of deps.operatorEmails) await send(operatorNoticeMail({ to, notice, appName: deps.appName, publicUrl: deps.publicUrl }));
      await send(claimantReceiptMail({ notice, appName: deps.appName, publicUrl: deps.publicUrl }));
      return { id: row.reference };
    },

    async list(input: { status?: DmcaStatus; cursor?: string }): Promise<ModDmcaListResult> {
      const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
      const [rows, counts] = await Promise.all([repo.list({ status: input.status, cursor, limit: MODERATION_PAGE }), repo.counts()]);
      return {
        notices: rows.slice(0, MODERATION_PAGE).map(summary),
        counts,
        nextCursor: nextCursor(rows, MODERATION_PAGE, (r) => ({ at: r.cursorAt, id: r.id })),
      };
    },

    async get(reference: string): Promise<ModDmcaGetResult> {
      const n = await find(reference);
      const [item, actions] = await Promise.all([
        n.infringingItemId ? repo.itemInContext(n.infringingItemId) : null,
        dmcaActionsRepository(db).forNotice(n.reference, n.infringingItemId),
      ]);
      return {
        notice: {
          ...summary(n),
          claimantAddress: n.claimantAddress,
          claimantPhone: n.claimantPhone,
          signature: n.signature,
          workDescription: n.workDescription,
          originalUrls: n.originalUrls,
          goodFaith: n.goodFaith,
          perjury: n.perjury,
          attachments: [],
        },
        item: item
          ? {
              id: item.item.id,
              title: item.item.title,
              tags: item.item.tags,
              nsfw: item.item.nsfw,
              hidden: item.item.hidden,
              hiddenSource: item.item.hidden ? (item.item.hiddenSource ?? 'other') : null,
              imageId: item.imageId,
              photos: item.photos,
              owner: item.owner,
              createdAt: item.item.createdAt.toISOString(),
            }
          : null,
        actions,
      };
    },

    /**
     * A moderator's action (see DMCA_TRANSITIONS), recorded in the same transaction as its change;
     * a hide also tells explore in every process. need info mails the note to the claimant, hide
     * tells them the material was removed.
     */
    async act(actorId: string, input: { id: string; action: DmcaAction; note: string }): Promise<ModDmcaActResult> {
      const { action, note } = input;
      const result = await deps.domainEvents.transaction(db, async (tx, publish) => {
        const r = dmcaRepository(tx);
        const n = await r.findByReference(input.id.toUpperCase(), { lock: true });
        if (!n) throw notFound(DMCA_SERVICE_MESSAGES.notFound);
        const next = DMCA_TRANSITIONS[n.status][action];
        if (!next)
          throw conflict(
            'moderation_state',
            n.status === 'dismissed' || n.status === 'resolved' ? DMCA_SERVICE_MESSAGES.closed : DMCA_SERVICE_MESSAGES.notAllowed,
          );
        if (action === 'hide') {
          const hidden = n.infringingItemId ? await itemRecords(tx).hideForDmca(n.infringingItemId) : null;
          if (!hidden) throw badRequest(DMCA_SERVICE_MESSAGES.noItem);
          await publish('item.changed', { itemId: n.infringingItemId! });
          // The owner hears of the takedown (their item page says why, and how to answer it).
          await deps.notifications?.create(tx, [{ userId: hidden.ownerId, kind: 'item_hidden', refId: n.infringingItemId!, actorId: null }]);
        }
        await r.setStatus(n.id, next);
        const row = await moderationLog(tx).record({
          actorId,
          // A hide acts on the item (it shows in the item's history too); the rest on the notice.
          targetType: action === 'hide' ? 'item' : 'dmca',
          targetId: action === 'hide' ? n.infringingItemId! : n.reference,
          action,
          note,
          dmcaId: n.reference,
        });
        const entry: ModerationActionEntry = await dmcaActionsRepository(tx).describe(row.id);
        return { notice: { ...n, status: next }, entry };
      });
      const notice = forMail(result.notice);
      if (action === 'needinfo') {
        await send(needInfoMail({ notice, note, appName: deps.appName, publicUrl: deps.publicUrl, contact: deps.operatorEmails[0] ?? null }));
      } else if (action === 'hide') {
        await send(takedownMail({ notice, appName: deps.appName }));
      }
      return { notice: summary(result.notice), action: result.entry };
    },
  };
}
export type DmcaService = ReturnType<typeof createDmcaService>;
