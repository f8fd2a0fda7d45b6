import type { UploadUrlResponse } from '#contract/documents';

/** Why a presigned PUT failed: S3's status (0 when the request never got an answer). */
export class PresignedUploadError extends Error {
  constructor(readonly status: number) {
    super(`Presigned upload failed with status ${status}`);
  }
}

/**
 * PUTs the file straight to storage with the signed headers (documents, compliance evidence). XMLHttpRequest rather than fetch,
 * because only it reports upload progress (0-100) for the progress bar.
 */
export function putToPresignedUrl(target: Pick<UploadUrlResponse, 'upload_url' | 'headers'>, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.upload_url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new PresignedUploadError(xhr.status));
    };
    xhr.onerror = () => reject(new PresignedUploadError(0));
    xhr.send(file);
  });
}
