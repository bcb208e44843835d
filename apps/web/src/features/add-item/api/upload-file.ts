import type { UploadResult } from '@curio/contract';
import { ApiError, isErrorEnvelope, notifyUnauthorized } from '@/lib/api-client';

export type { UploadResult };

/**
 * POSTs the file as multipart form data (field `file`) to the signed URL, with the session cookie.
 * XMLHttpRequest rather than fetch, for upload progress events. Errors are ApiErrors like callFunction's.
 */
export function uploadFile(uploadURL: string, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadURL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof (body as UploadResult).imageId === 'string') {
        onProgress?.(1);
        resolve(body as UploadResult);
        return;
      }
      const error = isErrorEnvelope(body)
        ? new ApiError(xhr.status, body.error.code, body.error.message, body.error.fields)
        : new ApiError(xhr.status, xhr.status === 413 ? 'payload_too_large' : 'internal_error', xhr.statusText || 'Upload failed');
      if (error.status === 401) notifyUnauthorized(error);
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
