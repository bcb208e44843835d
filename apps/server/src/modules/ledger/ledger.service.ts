import { createHash } from 'node:crypto';
import {
  EMPTY_LEDGER,
  MAX_ITEMS_PER_SHELF,
  type CollectionListResult,
  type FileAnswer,
  type ImportRowError,
  type InventoryImportPreviewResult,
  type InventoryImportStatus,
  type Ledger,
  type LedgerPatch,
} from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { factsOf } from '../items/item-facts';
import type { ItemsService } from '../items/items.service';
import { QUEUES, type Jobs } from '../jobs/jobs';
import { inventoryCsv, parseInventoryCsv, type ParsedRow } from './inventory-csv';
import { ledgerRepository, type LedgerColumns, type LedgerRow } from './ledger.repository';

/** The same CSV sent again this soon after answers the import it started (a double click imports once). */
export const IMPORT_REPEAT_WINDOW_MS = 10 * 60 * 1000;

export function ledgerOf(row: LedgerRow | null): Ledger {
  if (!row) return EMPTY_LEDGER;
  return {
    pricePaid: row.priceAmount !== null && row.priceCurrency !== null ? { amount: Number(row.priceAmount), currency: row.priceCurrency } : null,
    purchasedOn: row.purchasedOn,
    boughtAt: row.boughtAt,
    storage: row.storage,
    notes: row.notes,
  };
}

/** The columns to write for a change: only the keys given (null clears). */
export function ledgerColumns(patch: LedgerPatch): LedgerColumns {
  const set: LedgerColumns = {};
  if (patch.pricePaid !== undefined) {
    set.priceAmount = patch.pricePaid?.amount ?? null;
    set.priceCurrency = patch.pricePaid?.currency ?? null;
  }
  if (patch.purchasedOn !== undefined) set.purchasedOn = patch.purchasedOn;
  if (patch.boughtAt !== undefined) set.boughtAt = patch.boughtAt;
  if (patch.storage !== undefined) set.storage = patch.storage;
  if (patch.notes !== undefined) set.notes = patch.notes;
  return set;
}

/** Valid rows past the room left on the shelf are refused with `over_limit` (reported, never dropped silently). */
function withLimit(rows: ParsedRow[], room: number): ParsedRow[] {
  let left = room;
  return rows.map((r) => {
    if (!r.item) return r;
    if (left > 0) {
      left--;
      return r;
    }
    return { ...r, item: null, errors: [{ column: null, code: 'over_limit' }] };
  });
}

/**
 * The private ledger (price paid, purchase date, where bought, storage, notes), the owner's collection with it, and
 * the inventory's CSV export and import. Every read here is the caller's own: no other viewer ever gets a ledger.
 */
export function createLedgerService(db: Db, deps: { items: ItemsService; jobs: Jobs; logger: Logger; now?: () => Date }) {
  const repo = ledgerRepository(db);
  const now = () => deps.now?.() ?? new Date();

  async function collection(userId: string): Promise<CollectionListResult> {
    const rows = await repo.collection(userId);
    return {
      items: rows.map(({ item, ledger, imageId }) => ({
        id: item.id,
        title: item.title,
        tags: item.tags,
        imageId: imageId ?? null,
        unfinished: item.chosenCompositeId === null,
        createdAt: item.createdAt.toISOString(),
        facts: factsOf(item),
        ledger: ledgerOf(ledger),
      })),
    };
  }

  async function previewRows(userId: string, csv: string) {
    const { items } = await collection(userId);
    return withLimit(parseInventoryCsv(csv), Math.max(0, MAX_ITEMS_PER_SHELF - items.length));
  }

  const service = {
    /** `items-ledger-update`: the owner's item only (anyone else: not found); a key left out stays, null clears it. */
    async update(userId: string, input: LedgerPatch & { itemId: string }) {
      const { itemId, ...patch } = input;
      if ((await repo.itemOwner(itemId)) !== userId) throw notFound('Item not found');
      const row = await repo.upsert(itemId, userId, ledgerColumns(patch));
      return { itemId, ledger: ledgerOf(row) };
    },

    collection,

    /** `inventory-export`: the caller's items (facts and ledger) as CSV. */
    async exportCsv(userId: string): Promise<FileAnswer> {
      const { items } = await collection(userId);
      return { fileName: `curio-inventory-${now().toISOString().slice(0, 10)}.csv`, contentType: 'text/csv; charset=utf-8', body: inventoryCsv(items) };
    },

    /** `inventory-import-preview`: each row's errors, nothing written. */
    async preview(userId: string, csv: string): Promise<InventoryImportPreviewResult> {
      const rows = await previewRows(userId, csv);
      const valid = rows.filter((r) => r.item).length;
      return { rows: rows.map((r) => ({ row: r.row, title: r.title, errors: r.errors })), valid, invalid: rows.length - valid };
    },

    /**
     * `inventory-import`: records the import and queues its job. While one of the caller's imports is queued or
     * running, or when the same CSV was sent in the last ten minutes, that import's id is answered instead.
     */
    async startImport(userId: string, csv: string): Promise<{ jobId: string }> {
      const csvHash = createHash('sha256').update(csv).digest('hex');
      const { row, fresh } = await db.transaction(async (tx) => {
        await lockKey(tx, `inventory-import:${userId}`);
        const r = ledgerRepository(tx);
        const recent = await r.recentImport(userId, csvHash, new Date(now().getTime() - IMPORT_REPEAT_WINDOW_MS));
        if (recent) return { row: recent, fresh: false };
        const total = parseInventoryCsv(csv).length;
        return { row: await r.insertImport({ userId, csvHash, csv, total }), fresh: true };
      });
      if (fresh) {
        try {
          await deps.jobs.send(QUEUES.inventoryImport.name, { importId: row.id });
        } catch (err) {
          await repo.updateImport(row.id, { state: 'failed', csv: '' });
          throw err;
        }
      }
      return { jobId: row.id };
    },

    /** `inventory-import-status`: the caller's own import only. */
    async status(userId: string, jobId: string): Promise<InventoryImportStatus> {
      const row = await repo.findImport(jobId);
      if (!row || row.userId !== userId) throw notFound('Import not found');
      return {
        state: row.state,
        done: row.done,
        total: row.total,
        created: row.created,
        errors: row.errors.map((e) => ({ row: e.row, errors: e.errors as ImportRowError[] })),
      };
    },

    /**
     * The job: creates the valid rows as unfinished items with their facts and ledger, up to the shelf's limit, and
     * records each refused row's errors. Each item, its ledger and the progress are written in one transaction, so a
     * retry resumes at the first row not done.
     */
    async runImport(importId: string) {
      const row = await repo.findImport(importId);
      if (!row || row.state === 'done' || row.state === 'failed') return { skipped: true };
      const rows = parseInventoryCsv(row.csv);
      await repo.updateImport(importId, { state: 'running', total: rows.length });
      const errors = [...row.errors];
      let created = row.created;
      for (let i = row.done; i < rows.length; i++) {
        const r = rows[i]!;
        const done = i + 1;
        if (r.item) {
          const { item } = r;
          try {
            await deps.items.create(row.userId, { title: item.title, tags: item.tags, nsfw: false, metadata: null, facts: item.facts }, async (tx, itemId) => {
              const repoTx = ledgerRepository(tx);
              await repoTx.upsert(itemId, row.userId, ledgerColumns(item.ledger));
              await repoTx.updateImport(importId, { done, created: created + 1 });
            });
            created++;
            continue;
          } catch (err) {
            if (!(err instanceof AppError && err.code === 'item_limit')) throw err;
            errors.push({ row: r.row, errors: [{ column: null, code: 'over_limit' }] });
          }
        } else {
          errors.push({ row: r.row, errors: r.errors });
        }
        await repo.updateImport(importId, { done, errors });
      }
      // The CSV (with its prices and notes) is not kept once imported; the summary is.
      await repo.updateImport(importId, { state: 'done', csv: '' });
      deps.logger.info({ importId, created, refused: errors.length }, 'ledger: inventory imported');
      return { created, refused: errors.length };
    },
  };

  deps.jobs.handle<{ importId: string }>(QUEUES.inventoryImport.name, async ({ importId }, ctx) => {
    try {
      return await service.runImport(importId);
    } catch (err) {
      if (ctx.lastAttempt) await repo.updateImport(importId, { state: 'failed', csv: '' });
      throw err;
    }
  });
  return service;
}
export type LedgerService = ReturnType<typeof createLedgerService>;
