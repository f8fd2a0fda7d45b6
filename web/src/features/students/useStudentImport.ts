import { useState } from 'react';
import { serverErrorOf } from '#shared/lib/serverError';
import { SAVE_FAILED_FALLBACK } from './studentMessages';
import { useStartImportMutation } from './studentsAdminApi';

export interface ImportState {
  /** The import shown (just started, or reopened from the list). */
  openId: string | null;
  /** A refused file or call ("Error: file: missing columns ..."): nothing was imported. */
  error: string | null;
}

const IDLE: ImportState = { openId: null, error: null };

/**
 * Sends the whole file once: the server checks it, answers at once with the import and creates
 * the students in the background; the dialog then follows that import (ImportProgress).
 */
export function useStudentImport() {
  const [state, setState] = useState<ImportState>(IDLE);
  const [startImport, { isLoading }] = useStartImportMutation();

  const start = async (file: File) => {
    setState(IDLE);
    try {
      const started = await startImport({ csv: await file.text(), file_name: file.name }).unwrap();
      setState({ openId: started.id, error: null });
    } catch (failure) {
      setState({ openId: null, error: serverErrorOf(failure) ?? SAVE_FAILED_FALLBACK });
    }
  };

  return { ...state, starting: isLoading, start, open: (id: string) => setState({ openId: id, error: null }), reset: () => setState(IDLE) };
}
