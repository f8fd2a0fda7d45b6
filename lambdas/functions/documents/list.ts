/**
 * GET /api/documents/ — staff, admins and finance: every document with the spec's filters, newest first, in
 * cursor pages. Anyone else: exactly the documents that apply to them (domain/document-access.ts),
 * with the same filters, all at once (`next` is null), each with their acknowledgement time, in the
 * reader's presentation (present.ts): no other student is named (FERPA), and `student_name`,
 * which matches assigned students, is not applied, so it cannot tell them who else a document is for.
 * Staff (and finance) with `?student=<username>`: every document that applies to that student,
 * by the same rule and the same reads as the student's own list, each with the student's acknowledgement
 * (the admin record's "Documents and Acknowledgements"); a read of their record, so audited before it is answered.
 */
import { DocumentListQuery } from '../../contract/document-list.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { appliesTo, seesEveryDocument } from '../../domain/document-access.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { recordRead } from '../../store/audit.js';
import { listCohorts } from '../../store/cohort.js';
import { listDocumentsForReader, listDocumentsPage, matchesFilters, type DocumentFilters } from '../../store/document-list.js';
import { lookupsFor, presentAll, presentDocument, presentDocumentForReader, presentDocumentForStudentRecord, readerOf } from '../../presenters/document.js';

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
  const { student } = q;
  if (student) {
    // refused before reading, so nobody else learns whether the username exists
    if (!staff) throw new Forbidden("student: only staff may list a student's documents");
    const reader = await readerOf({ ...caller, username: student });
    if (!reader.hasProfile) throw new NotFound('student: no student with this username');
    const { documents, acknowledgements } = await listDocumentsForReader(reader);
    const applying = documents.filter((d) => appliesTo(d, reader) && matchesFilters(d, filters));
    await recordRead({
      actor: caller.username,
      action: 'student.documents.read',
      entityType: 'student',
      entityId: student,
      subject: studentSubject({ username: student, firstName: reader.firstName, lastName: reader.lastName }),
      detail: { documents: applying.map((d) => d.id) },
    });
    return { body: await presentAll(applying, (d, lookups) => presentDocumentForStudentRecord(d, lookups, student, acknowledgements.get(d.id))) };
  }
  if (staff) {
    const page = await listDocumentsPage(filters, q.limit ?? 50, decodeCursor(q.cursor));
    const lookups = await lookupsFor(page.documents);
    const results = page.documents.map((d) => presentDocument(d, lookups));
    return { body: { results, count: results.length, next: encodeCursor(page.lastKey) } };
  }
  const reader = await readerOf(caller);
  const { documents, acknowledgements } = await listDocumentsForReader(reader);
  const visible = documents.filter((d) => appliesTo(d, reader) && matchesFilters(d, filters));
  return { body: await presentAll(visible, (d, lookups) => presentDocumentForReader(d, lookups, reader, acknowledgements.get(d.id))) };
});
