import { implement } from '../../lib/functions';
import type { LedgerService } from './ledger.service';

export const ledgerFunctions = (ledger: LedgerService) =>
  implement({
    'items-ledger-update': (input, { user }) => ledger.update(user.id, input),
    'collection-list': (_input, { user }) => ledger.collection(user.id),
    'inventory-export': (_input, { user }) => ledger.exportCsv(user.id),
    'inventory-import-preview': ({ csv }, { user }) => ledger.preview(user.id, csv),
    'inventory-import': ({ csv }, { user }) => ledger.startImport(user.id, csv),
    'inventory-import-status': ({ jobId }, { user }) => ledger.status(user.id, jobId),
  });
