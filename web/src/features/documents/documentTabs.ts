import { DOCUMENT_SCOPES, SCOPE_LABELS, type DocumentRecordDto, type DocumentScope } from '#contract/documents';

/** The four tabs of Document Management, in the spec's order, one per scope. */
export const TABS = DOCUMENT_SCOPES.map((scope) => ({ scope, label: SCOPE_LABELS[scope] }));

/** The documents of each scope. */
export function byScope(documents: readonly DocumentRecordDto[]): Record<DocumentScope, DocumentRecordDto[]> {
  const groups: Record<DocumentScope, DocumentRecordDto[]> = { individual: [], cohort: [], program: [], general: [] };
  for (const doc of documents) groups[doc.scope]?.push(doc);
  return groups;
}

/** "Cohort Documents (3)" */
export const tabLabel = (label: string, count: number | null) => (count === null ? label : `${label} (${count})`);
