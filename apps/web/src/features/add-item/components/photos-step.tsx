import { MAX_PHOTOS_PER_ITEM, PHOTO_ROLES, UPLOAD_ACCEPT } from '@curio/contract';
import { AlertTriangle, Camera, CheckCircle2, ImagePlus, Loader2, Trash2, UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import type { PhotoEntry } from '../hooks/use-photo-uploads';
import { isPhotoRole, photoSlotsLeft, prepProgress } from '../utils/wizard-rules';
import { StepHeading } from './step-heading';

const ACCEPT = [...UPLOAD_ACCEPT, '.heic', '.heif'].join(',');

type PhotosStepProps = {
  photos: readonly PhotoEntry[];
  onFiles: (files: File[]) => void;
  onRoleChange: (key: string, role: PhotoEntry['role']) => void;
  onRemove: (key: string) => void;
  error: string | null;
  focusHeading: boolean;
};

/** Step 2: choose, drop or take photos; each previews at once and shows its upload progress. */
export function PhotosStep({ photos, onFiles, onRoleChange, onRemove, error, focusHeading }: PhotosStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const full = photoSlotsLeft(photos.length) === 0;

  const take = (list: FileList | null) => {
    if (list && list.length) onFiles(Array.from(list));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (!full) take(event.dataTransfer.files);
  };

  return (
    <div className="grid gap-6" data-testid="wizard-photos">
      <StepHeading title={t('addItem.photos.title')} description={t('addItem.photos.description')} autoFocus={focusHeading} />

      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!full) setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        data-testid="photo-dropzone"
        data-drag-over={dragOver ? 'true' : undefined}
        className={cn(
          'grid justify-items-center gap-3 rounded-2xl border-2 border-dashed border-border-strong bg-background/60 px-4 py-6 text-center transition-colors',
          photos.length === 0 && 'sm:py-10',
          dragOver && 'border-accent bg-accent-soft/60',
          full && 'opacity-60',
        )}
      >
        <UploadCloud className="size-8 text-accent" aria-hidden="true" />
        <p className="font-medium">{full ? t('addItem.maxPhotos') : t('addItem.photos.dropHere')}</p>
        <p className="text-sm text-muted-foreground">{t('addItem.photos.formats')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={full} data-testid="photo-choose">
            <ImagePlus aria-hidden="true" />
            {t('addItem.photos.choose')}
          </Button>
          <Button variant="secondary" onClick={() => cameraRef.current?.click()} disabled={full} className="sm:hidden">
            <Camera aria-hidden="true" />
            {t('addItem.photos.camera')}
          </Button>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          multiple
          tabIndex={-1}
          className="sr-only"
          aria-label={t('addItem.photos.choose')}
          data-testid="photo-input"
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          className="sr-only"
          aria-label={t('addItem.photos.camera')}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
      </div>

      <div className="flex items-baseline justify-between gap-2">
        <h4 className="font-medium">{t('addItem.photos.listTitle')}</h4>
        <span className="text-sm text-muted-foreground tabular-nums" data-testid="photo-count">
          {t('addItem.photos.count', { count: photos.length, max: MAX_PHOTOS_PER_ITEM })}
        </span>
      </div>

      <PrepSummary photos={photos} />

      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('addItem.photos.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="photo-list">
          {photos.map((photo, index) => (
            <PhotoCard key={photo.key} photo={photo} index={index} idBase={`${id}-${photo.key}`} onRoleChange={onRoleChange} onRemove={onRemove} />
          ))}
        </ul>
      )}

      {error ? (
        <p role="alert" className="text-sm font-medium text-danger" data-testid="photos-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One polite live line for the photos' preparation (screen readers hear the progress, not every
 * tile), with what it takes; hidden visually once everything is ready.
 */
function PrepSummary({ photos }: { photos: readonly PhotoEntry[] }) {
  const { t } = useTranslation();
  const { ready, total, pending } = prepProgress(photos);
  return (
    <div className="grid gap-1" data-testid="prep-summary" data-pending={pending}>
      <p aria-live="polite" className={cn('text-sm font-medium', total === 0 && 'sr-only')}>
        {total === 0 ? '' : pending > 0 ? t('addItem.photos.prep.summary', { ready, total }) : t('addItem.photos.prep.allReady')}
      </p>
      {pending > 0 ? <p className="text-xs text-muted-foreground">{t('addItem.photos.prep.explain')}</p> : null}
    </div>
  );
}

/** The photo's preparation as a small badge on its tile. */
function PrepBadge({ photo, number }: { photo: PhotoEntry; number: number }) {
  const { t } = useTranslation();
  if (photo.status !== 'done' || !photo.prep) return null;
  const state = t(`addItem.photos.prep.${photo.prep}`);
  return (
    <span
      className={cn(
        'absolute top-1.5 left-1.5 flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold shadow-soft',
        photo.prep === 'ready' && 'bg-surface/90 text-foreground',
        photo.prep === 'pending' && 'bg-surface/90 text-foreground',
        photo.prep === 'failed' && 'bg-warning-bg text-warning-fg',
      )}
      data-testid="photo-prep"
      data-prep={photo.prep}
      // A named badge (axe: aria-label is not allowed on a span without a role); the summary above is the live one.
      role="img"
      aria-label={t('addItem.photos.prep.stateLabel', { number, state })}
    >
      {photo.prep === 'pending' ? (
        <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : photo.prep === 'ready' ? (
        <CheckCircle2 className="size-3.5 text-success" aria-hidden="true" />
      ) : (
        <AlertTriangle className="size-3.5" aria-hidden="true" />
      )}
      <span aria-hidden="true">{state}</span>
    </span>
  );
}

function PhotoCard({
  photo,
  index,
  idBase,
  onRoleChange,
  onRemove,
}: {
  photo: PhotoEntry;
  index: number;
  idBase: string;
  onRoleChange: (key: string, role: PhotoEntry['role']) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [previewFailed, setPreviewFailed] = useState(false);
  const number = index + 1;
  const percent = Math.round(photo.progress * 100);
  const busy = photo.status !== 'done';
  return (
    <li
      className="grid gap-2 rounded-xl border border-border bg-surface p-2 shadow-soft"
      data-testid="photo-card"
      data-status={photo.status}
      data-prep={photo.prep ?? undefined}
      data-image-id={photo.imageId ?? undefined}
      aria-busy={busy}
    >
      <div className="relative aspect-square overflow-hidden rounded-lg bg-surface-sunken">
        {previewFailed ? (
          <div className="flex size-full items-center justify-center text-xs text-muted-foreground">{photo.name}</div>
        ) : (
          <img
            src={photo.previewUrl}
            alt={t('addItem.photos.previewAlt', { number })}
            className="size-full object-cover"
            onError={() => setPreviewFailed(true)}
          />
        )}
        {busy ? (
          <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-gradient-to-t from-black/75 to-black/0 p-2 pt-6 text-white">
            <span className="flex items-center gap-1.5 text-xs font-medium">
              <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              {photo.status === 'uploading' ? t('addItem.photos.uploading', { percent }) : t(`addItem.photos.status.${photo.status}`)}
            </span>
            <div
              role="progressbar"
              aria-label={t('addItem.photos.progressLabel', { number })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-white/30"
            >
              <div className="h-full rounded-full bg-white transition-[width] duration-150" style={{ width: `${Math.max(4, percent)}%` }} />
            </div>
          </div>
        ) : null}
        <PrepBadge photo={photo} number={number} />
      </div>
      {photo.status === 'done' && photo.prep === 'failed' ? (
        <p className="text-xs text-warning-fg" data-testid="photo-prep-failed">
          {t('addItem.photos.prep.failedHint')}
        </p>
      ) : null}
      <div className="flex items-end gap-1.5">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={`${idBase}-role`} className="text-xs text-muted-foreground">
            {t('addItem.photos.roleLabel', { number })}
          </Label>
          <NativeSelect
            id={`${idBase}-role`}
            value={photo.role}
            onChange={(e) => isPhotoRole(e.target.value) && onRoleChange(photo.key, e.target.value)}
            data-testid="photo-role"
          >
            {PHOTO_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`addItem.photos.roles.${role}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onRemove(photo.key)}
          aria-label={t('addItem.photos.remove', { number })}
          title={t('addItem.photos.remove', { number })}
          data-testid="photo-remove"
          className="text-muted-foreground hover:text-danger"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
