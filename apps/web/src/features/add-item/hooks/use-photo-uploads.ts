import type { PhotoPrep, PhotoRole } from '@curio/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { addPhoto } from '../api/add-photo';
import { useDeletePhoto } from '../api/delete-photo';
import { signUpload } from '../api/sign-upload';
import { useUpdatePhotoRole } from '../api/update-photo-role';
import { uploadFile } from '../api/upload-file';
import { imageUrl } from '@/lib/image-url';
import { usePhotoPrep } from './use-photo-prep';
import { defaultRole, localFileProblem, photoSlotsLeft, uploadErrorDetailKey, type PhotoStatus } from '../utils/wizard-rules';

export type PhotoEntry = {
  key: string;
  name: string;
  previewUrl: string;
  status: PhotoStatus;
  /** 0–1 while uploading. */
  progress: number;
  role: PhotoRole;
  imageId: string | null;
  /** Once recorded: its preparation for generation (the subject cut out in the background). */
  prep: PhotoPrep | null;
};

let counter = 0;
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The photos of one item: a local preview at once, then sign → upload (with progress) → photos-add,
 * then its preparation (pending → ready or failed) followed live.
 * A photo whose any stage fails leaves the list (toast "Failed to upload photo"). Role changes and
 * deletions go to the server once the photo is recorded. Unmounting aborts what is still in flight.
 */
export function usePhotoUploads(itemId: string | null, initial: readonly { imageId: string; role: PhotoRole; prep: PhotoPrep }[] = []) {
  const { t } = useTranslation();
  // A resumed item's photos are on the server already: shown from there, recorded, their preparation followed.
  const [photos, setPhotos] = useState<PhotoEntry[]>(() =>
    initial.map((p) => ({
      key: `saved-${p.imageId}`,
      name: '',
      previewUrl: imageUrl(p.imageId, 'thumb'),
      status: 'done' as const,
      progress: 1,
      role: p.role,
      imageId: p.imageId,
      prep: p.prep,
    })),
  );
  const photosRef = useRef(photos);
  photosRef.current = photos;
  const controllers = useRef(new Map<string, AbortController>());
  const updateRole = useUpdatePhotoRole();
  const deletePhoto = useDeletePhoto();

  const patch = useCallback((key: string, change: Partial<PhotoEntry>) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }, []);

  // States learnt by image id; one may arrive before photos-add has answered with that id.
  const preps = useRef(new Map<string, PhotoPrep>());
  const onPrep = useCallback((imageId: string, prep: PhotoPrep) => {
    // A finished state never goes back to pending (a late answer of an earlier read).
    const known = preps.current.get(imageId);
    if (known && known !== 'pending' && prep === 'pending') return;
    preps.current.set(imageId, prep);
    setPhotos((list) => (list.some((p) => p.imageId === imageId && p.prep !== prep) ? list.map((p) => (p.imageId === imageId ? { ...p, prep } : p)) : list));
  }, []);
  usePhotoPrep(
    itemId,
    photos.some((p) => p.prep === 'pending'),
    onPrep,
  );

  const drop = useCallback((key: string) => {
    setPhotos((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((p) => p.key !== key);
    });
  }, []);

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.previewUrl);
    };
  }, []);

  const uploadOne = useCallback(
    async (entry: PhotoEntry, file: File): Promise<'ok' | 'aborted' | { error: unknown }> => {
      if (!itemId) return { error: null };
      const controller = new AbortController();
      controllers.current.set(entry.key, controller);
      const { signal } = controller;
      try {
        const signed = await signUpload({ fileName: file.name, contentType: file.type || 'application/octet-stream' }, signal);
        patch(entry.key, { status: 'uploading' });
        const uploaded = await uploadFile(signed.uploadURL, file, (progress) => patch(entry.key, { progress }), signal);
        if (!uploaded.imageId) throw new Error('Upload answered without an image id');
        patch(entry.key, { status: 'saving', progress: 1 });
        const role = photosRef.current.find((p) => p.key === entry.key)?.role ?? entry.role;
        const { photo } = await addPhoto({ itemId, imageId: uploaded.imageId, role }, signal);
        if (!photo?.imageId) throw new Error('Photo recorded without an image id');
        // The role may have changed while the photo was being recorded.
        const latest = photosRef.current.find((p) => p.key === entry.key)?.role ?? role;
        const known = preps.current.get(photo.imageId);
        patch(entry.key, { status: 'done', imageId: photo.imageId, role: latest, prep: known && known !== 'pending' ? known : photo.prep });
        if (latest !== role) updateRole.mutate({ imageId: photo.imageId, role: latest });
        return 'ok';
      } catch (error) {
        if (isAbort(error) || signal.aborted) return 'aborted';
        drop(entry.key);
        return { error };
      } finally {
        controllers.current.delete(entry.key);
      }
    },
    [itemId, patch, drop, updateRole],
  );

  const addFiles = useCallback(
    async (input: FileList | readonly File[]) => {
      const files = Array.from(input);
      if (files.length === 0 || !itemId) return;
      const rejected = files.map((f) => localFileProblem(f)).find(Boolean) ?? null;
      const usable = files.filter((f) => !localFileProblem(f));
      const slots = photoSlotsLeft(photosRef.current.length);
      const accepted = usable.slice(0, slots);
      const start = photosRef.current.length;
      const entries = accepted.map<PhotoEntry>((file, i) => ({
        key: `photo-${++counter}`,
        name: file.name,
        previewUrl: URL.createObjectURL(file),
        status: 'signing',
        progress: 0,
        role: defaultRole(start + i),
        imageId: null,
        prep: null,
      }));
      if (entries.length) setPhotos((list) => [...list, ...entries]);

      const results = await Promise.all(entries.map((entry, i) => uploadOne(entry, accepted[i]!)));
      const failure = results.find((r): r is { error: unknown } => typeof r === 'object');
      const succeeded = results.filter((r) => r === 'ok').length;

      if (failure || rejected) {
        const detail = rejected ?? uploadErrorDetailKey(failure?.error);
        toast.error(t('addItem.errorUpload'), detail ? { description: t(detail) } : undefined);
      } else if (usable.length > slots) {
        toast.error(t('addItem.maxPhotos'));
      } else if (succeeded > 0) {
        toast.success(t('addItem.uploadSuccess', { count: succeeded }));
      }
    },
    [itemId, uploadOne, t],
  );

  const setRole = useCallback(
    (key: string, role: PhotoRole) => {
      const photo = photosRef.current.find((p) => p.key === key);
      if (!photo || photo.role === role) return;
      const previous = photo.role;
      patch(key, { role });
      if (photo.status === 'done' && photo.imageId) {
        updateRole.mutate(
          { imageId: photo.imageId, role },
          {
            onError: () => {
              patch(key, { role: previous });
              toast.error(t('addItem.photos.roleFailed'));
            },
          },
        );
      }
    },
    [patch, updateRole, t],
  );

  const remove = useCallback(
    (key: string) => {
      const index = photosRef.current.findIndex((p) => p.key === key);
      const photo = photosRef.current[index];
      if (!photo) return;
      controllers.current.get(key)?.abort();
      if (photo.status !== 'done' || !photo.imageId) {
        drop(key);
        return;
      }
      // Hide at once; bring it back if the server keeps it.
      setPhotos((list) => list.filter((p) => p.key !== key));
      deletePhoto.mutate(
        { imageId: photo.imageId },
        {
          onSuccess: () => URL.revokeObjectURL(photo.previewUrl),
          onError: () => {
            setPhotos((list) => {
              const next = [...list];
              next.splice(Math.min(index, next.length), 0, photo);
              return next;
            });
            toast.error(t('addItem.photos.deleteFailed'));
          },
        },
      );
    },
    [drop, deletePhoto, t],
  );

  return { photos, addFiles, setRole, remove };
}
