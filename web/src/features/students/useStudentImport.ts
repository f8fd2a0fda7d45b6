import { useState } from 'react';
import type { ImportReport } from '../../../../lambdas/contract/student-admin';
import { useAppDispatch } from '../../app/hooks';
import { serverErrorOf } from '../../lib/serverError';
import { SAVE_FAILED_FALLBACK } from './studentMessages';
import { studentsAdminApi, useImportStudentsMutation } from './studentsAdminApi';
import { EMPTY_REPORT, importChunks, mergeReport } from './studentImport';

export interface ImportState {
  running: boolean;
  /** "Importing rows 101-200 of 250..." while running. */
  progress: string | null;
  /** The rows reported so far (all of them once done). */
  report: ImportReport | null;
  /** A refused file or call ("file: missing columns ..."); rows before it stay imported. */
  error: string | null;
}

const IDLE: ImportState = { running: false, progress: null, report: null, error: null };

/** Sends the file 100 rows at a time, one call after another, and merges the reports. */
export function useStudentImport() {
  const [state, setState] = useState<ImportState>(IDLE);
  const [importStudents] = useImportStudentsMutation();
  const dispatch = useAppDispatch();

  const run = async (text: string) => {
    const chunks = importChunks(text);
    const total = chunks.reduce((sum, chunk) => sum + chunk.rowCount, 0);
    let report = EMPTY_REPORT;
    let error: string | null = null;
    for (const chunk of chunks) {
      const progress = `Importing rows ${chunk.rowOffset + 1}-${chunk.rowOffset + chunk.rowCount} of ${total}...`;
      setState({ running: true, progress, report: chunks.length > 1 ? report : null, error: null });
      try {
        report = mergeReport(report, await importStudents(chunk.csv).unwrap(), chunk);
      } catch (failure) {
        error = `Error: ${serverErrorOf(failure) ?? SAVE_FAILED_FALLBACK}`;
        break;
      }
    }
    setState({ running: false, progress: null, report: report.rows.length > 0 || !error ? report : null, error });
    // Once for the whole file rather than after every call.
    if (report.created > 0) dispatch(studentsAdminApi.util.invalidateTags(['StudentList', 'Cohort', 'CohortStudents']));
  };

  return { ...state, run, reset: () => setState(IDLE) };
}
