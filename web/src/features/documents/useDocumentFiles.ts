import { useCallback, useState } from 'react';
import type { DocumentRecordDto } from '#contract/documents';
import { useCurrentUser } from '#shared/session/currentUser';
import { useToast } from '#shared/toast/useToast';
import { DOCUMENT_TOAST_MS, DOWNLOAD_FAILED, LOG_IN_TO_DOWNLOAD } from './documentMessages';
import { useGetDownloadUrlMutation } from './documentsApi';

type Doc = Pick<DocumentRecordDto, 'id' | 'file_name'>;

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** Hands a URL to the browser as a download, in this page (the answer names the file). */
function saveFrom(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opening and downloading files. The bucket is private, so every link is a fresh 5-minute URL
 * from GET /api/documents/{id}/download/ (never a stored or public one). `missing` holds the
 * documents whose file the server could not find, for the "No S3 URL" badge.
 */
export function useDocumentFiles() {
  const user = useCurrentUser();
  const [getUrl] = useGetDownloadUrlMutation();
  const toast = useToast(DOCUMENT_TOAST_MS);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const signedIn = Boolean(user?.token);

  const fail = useCallback(
    (doc: Doc, error: unknown) => {
      if (isNotFound(error)) setMissing((ids) => new Set(ids).add(doc.id));
      toast(DOWNLOAD_FAILED, 'error');
    },
    [toast],
  );

  /** The title link: the file in a new tab. The tab opens at once, while the click still counts as the user's. */
  const openInNewTab = useCallback(
    async (doc: Doc) => {
      if (!signedIn) return toast(LOG_IN_TO_DOWNLOAD, 'error');
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      try {
        const { download_url } = await getUrl({ id: doc.id, disposition: 'inline' }).unwrap();
        if (tab) tab.location.href = download_url;
        else window.open(download_url, '_blank', 'noopener');
      } catch (error) {
        tab?.close();
        fail(doc, error);
      }
    },
    [signedIn, getUrl, toast, fail],
  );

  const download = useCallback(
    async (doc: Doc) => {
      if (!signedIn) return toast(LOG_IN_TO_DOWNLOAD, 'error');
      try {
        const answer = await getUrl({ id: doc.id, disposition: 'attachment' }).unwrap();
        saveFrom(answer.download_url, answer.file_name || doc.file_name);
      } catch (error) {
        fail(doc, error);
      }
    },
    [signedIn, getUrl, toast, fail],
  );

  return { openInNewTab, download, missing };
}
