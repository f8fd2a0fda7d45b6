/**
 * GET /api/documents/ — staff and admins: every document with the spec's filters, newest first, in
 * cursor pages. Anyone else: exactly the documents that apply to them (domain/document-access.ts),
 * with the same filters, all at once (`next` is null), each with their acknowledgement time, in the
 * reader's presentation (present.ts): no other student is named (FERPA, issue 20), and `student_name`,
 * which matches assigned students, is not applied, so it cannot tell them who else a document is for.
 */
import { DocumentListQuery } from '../../contract/document-list.js';
import type { DocumentPage, StudentDocumentDto } from '../../contract/documents.js';
import { appliesTo, seesEveryDocument } from '../../domain/document-access.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { listCohorts } from '../../store/cohorts.js';
import { matchesFilters, type DocumentFilters } from '../../store/document-filters.js';
import { listDocumentsForReader, listDocumentsPage } from '../../store/documents.js';
import { lookupsFor, presentDocument, presentDocumentForReader, readerOf } from './present.js';

type ListQuery = ReturnType<typeof DocumentListQuery.parse>;

/** Empty filters are ignored; the cohort filters become the ids of the cohorts they select. */
async function filtersFrom(q: ListQuery, staff: boolean): Promise<DocumentFilters> {
  const f: DocumentFilters = {};
  if (q.scope) f.scope = q.scope;
  if (q.category_id) f.categoryId = q.category_id;
  if (q.is_mandatory) f.isMandatory = q.is_mandatory === 'true';
  if (q.search) f.search = q.search.toLowerCase();
  if (q.student_name && staff) f.studentName = q.student_name.toLowerCase();
  if (q.academic_year || q.cohort_number || q.program_type) {
    const cohorts = await listCohorts();
    if (q.academic_year || q.cohort_number) {
      f.cohortIds = cohorts
        .filter((c) => (!q.academic_year || c.academicYear === q.academic_year) && (!q.cohort_number || c.cohortNumber === Number(q.cohort_number)))
        .map((c) => c.id);
    }
    if (q.program_type) f.program = { type: q.program_type, cohortIds: cohorts.filter((c) => c.programType === q.program_type).map((c) => c.id) };
  }
  return f;
}

export const handler = route('documents-list', async (req) => {
  const caller = callerOf(req);
  const q = parseQuery(req, DocumentListQuery);
  const staff = seesEveryDocument(caller.roles);
  const filters = await filtersFrom(q, staff);
  if (staff) {
    const page = await listDocumentsPage(filters, q.limit ?? 50, decodeCursor(q.cursor));
    const lookups = await lookupsFor(page.documents);
    const results = page.documents.map((d) => presentDocument(d, lookups));
    return { body: { results, count: results.length, next: encodeCursor(page.lastKey) } };
  }
  const reader = await readerOf(caller);
  const { documents, acknowledgements } = await listDocumentsForReader(reader);
  const visible = documents.filter((d) => appliesTo(d, reader) && matchesFilters(d, filters));
  const lookups = await lookupsFor(visible);
  const body: DocumentPage<StudentDocumentDto> = {
    results: visible.map((d) => presentDocumentForReader(d, lookups, reader, acknowledgements.get(d.id))),
    count: visible.length,
    next: null,
  };
  return { body };
});
