import { INVENTORY_COLUMNS, INVENTORY_CSV_MAX_BYTES, type ImportRowError, type InventoryImportPreviewResult } from '@curio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, Loader2, TriangleAlert, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessageKey } from '@/lib/error-messages';
import { collectionKeys } from '@/lib/query-keys';
import { previewImport, startImport, useImportStatus } from '../api/collection';

type Step =
  | { name: 'pick' }
  | { name: 'preview'; csv: string; fileName: string; preview: InventoryImportPreviewResult }
  // The preview's titles by row, for the rows the job reports (it answers their numbers alone).
  | { name: 'import'; jobId: string; titles: Map<number, string | null> };

/** One row error as a sentence: the column's name and what is wrong with it. */
function useErrorText() {
  const { t } = useTranslation();
  return (e: ImportRowError) => {
    const what = t(`collection.import.codes.${e.code}`, { defaultValue: t('collection.import.codes.invalid_value') });
    return e.column ? t('collection.import.columnError', { column: t(`collection.import.column.${e.column}`), error: what }) : what;
  };
}

function RowErrors({ rows }: { rows: { row: number; title?: string | null; errors: ImportRowError[] }[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="max-h-72 overflow-y-auto rounded-lg border border-border" tabIndex={0} role="region" aria-label={t('collection.import.rowsLabel')}>
      <table className="w-full text-sm" data-testid="import-rows">
        <thead className="sticky top-0 bg-surface-sunken text-left text-muted-foreground">
          <tr>
            <th scope="col" className="w-14 px-3 py-2 font-medium">
              {t('collection.import.row')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('collection.columns.title')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('collection.import.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className="border-t border-border align-top" data-testid={r.errors.length ? 'import-row-error' : 'import-row-ok'}>
              <td className="px-3 py-2 tabular-nums">{r.row}</td>
              <td className="px-3 py-2 break-words">{r.title ?? <span className="text-muted-foreground">—</span>}</td>
              <td className="px-3 py-2">
                {r.errors.length ? (
                  <ul className="grid gap-0.5 text-danger">
                    {r.errors.map((e, i) => (
                      <li key={i}>{errorText(e)}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="inline-flex items-center gap-1 text-success">
                    <CheckCircle2 className="size-3.5" aria-hidden="true" />
                    {t('collection.import.ok')}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Import: a CSV file → each row checked (nothing written) → the import as a job, with its progress and summary. */
export function ImportDialog() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useImportStatus(step.name === 'import' ? step.jobId : null);
  const finished = status.data?.state === 'done' || status.data?.state === 'failed';

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: collectionKeys.list() });
  }, [finished, queryClient]);

  const reset = () => {
    setStep({ name: 'pick' });
    setError(null);
    setBusy(false);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };

  const onFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > INVENTORY_CSV_MAX_BYTES) return setError(t('collection.import.tooLarge'));
    setBusy(true);
    try {
      const csv = await file.text();
      setStep({ name: 'preview', csv, fileName: file.name, preview: await previewImport(csv) });
    } catch (err) {
      setError(t(errorMessageKey(err)));
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    if (step.name !== 'preview' || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { jobId } = await startImport(step.csv);
      setStep({ name: 'import', jobId, titles: new Map(step.preview.rows.map((r) => [r.row, r.title])) });
    } catch (err) {
      setError(t(errorMessageKey(err)));
    } finally {
      setBusy(false);
    }
  };

  const headers = INVENTORY_COLUMNS.map((c) => c.en).join(', ');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="collection-import">
          <Upload aria-hidden="true" />
          {t('collection.import.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')} className="sm:max-w-2xl" data-testid="import-dialog">
        <DialogTitle>{t('collection.import.title')}</DialogTitle>
        <DialogDescription>{t('collection.import.description')}</DialogDescription>

        {step.name === 'pick' ? (
          <div className="grid gap-3">
            <label
              htmlFor={`${id}-file`}
              className="grid cursor-pointer justify-items-center gap-2 rounded-xl border-2 border-dashed border-border-strong p-6 text-center focus-within:ring-2 focus-within:ring-ring hover:border-accent"
            >
              {busy ? (
                <Loader2 className="size-6 animate-spin text-muted-foreground motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <FileUp className="size-6 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="font-medium">{t('collection.import.pick')}</span>
              <span className="text-sm text-muted-foreground">{t('collection.import.pickHint')}</span>
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                disabled={busy}
                onChange={(e) => void onFile(e.target.files?.[0])}
                data-testid="import-file"
              />
            </label>
            <p className="text-xs break-words text-muted-foreground">{t('collection.import.columns', { columns: headers })}</p>
          </div>
        ) : null}

        {step.name === 'preview' ? (
          <div className="grid gap-3">
            <p className="text-sm" data-testid="import-summary">
              <span className="font-medium">{step.fileName}</span>
              {' · '}
              {t('collection.import.validCount', { count: step.preview.valid })}
              {step.preview.invalid ? (
                <>
                  {' · '}
                  <span className="font-medium text-danger">{t('collection.import.invalidCount', { count: step.preview.invalid })}</span>
                </>
              ) : null}
            </p>
            <RowErrors rows={step.preview.rows} />
            {step.preview.invalid ? <p className="text-sm text-muted-foreground">{t('collection.import.invalidSkipped')}</p> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={reset}>
                {t('collection.import.another')}
              </Button>
              <Button onClick={() => void onImport()} disabled={busy || step.preview.valid === 0} data-testid="import-start">
                {busy ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                {t('collection.import.start', { count: step.preview.valid })}
              </Button>
            </div>
          </div>
        ) : null}

        {step.name === 'import' ? (
          <div className="grid gap-3" data-testid="import-progress">
            {status.data && finished ? (
              <>
                <p className="flex items-center gap-2 font-medium" role="status" data-testid="import-done">
                  {status.data.state === 'done' ? (
                    <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
                  ) : (
                    <TriangleAlert className="size-5 text-danger" aria-hidden="true" />
                  )}
                  {status.data.state === 'done'
                    ? t('collection.import.done', { count: status.data.created })
                    : t('collection.import.failed', { count: status.data.created })}
                </p>
                {status.data.errors.length ? (
                  <>
                    <p className="text-sm text-muted-foreground">{t('collection.import.notImported', { count: status.data.errors.length })}</p>
                    <RowErrors rows={status.data.errors.map((e) => ({ ...e, title: step.titles.get(e.row) ?? null }))} />
                  </>
                ) : null}
                <p className="text-sm text-muted-foreground">{t('collection.import.photosNext')}</p>
                <div className="flex justify-end">
                  <Button onClick={() => onOpenChange(false)} data-testid="import-close">
                    {t('common.close')}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <p role="status" className="flex items-center gap-2 text-sm">
                  <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
                  {t('collection.import.running', { done: status.data?.done ?? 0, total: status.data?.total ?? 0 })}
                </p>
                <progress
                  className="h-2 w-full overflow-hidden rounded-full accent-accent"
                  max={Math.max(1, status.data?.total ?? 1)}
                  value={status.data?.done ?? 0}
                  aria-label={t('collection.import.progressLabel')}
                />
              </>
            )}
          </div>
        ) : null}

        {error ? (
          <p role="alert" className="text-sm font-medium text-danger" data-testid="import-error">
            {error}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
