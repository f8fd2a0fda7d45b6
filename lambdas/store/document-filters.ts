/**
 * The list filters of GET /api/documents/, in the two forms they are applied: a DynamoDB
 * FilterExpression for the staff feed, and the same conditions in memory for a student's documents
 * (read from several collections, some by BatchGet, where no FilterExpression applies). Each
 * condition is written once in each form, side by side, so the two cannot drift apart.
 *
 * The cohort filters (academic_year, cohort_number, program_type) are resolved to cohort ids first
 * (store/cohorts.ts listCohorts), so an edited cohort never leaves stale copies on documents.
 */
import type { ProgramType } from '../contract/programs.js';
import type { DocumentRecord, DocumentScope } from './catalog-items.js';

export interface DocumentFilters {
  scope?: DocumentScope;
  categoryId?: string;
  isMandatory?: boolean;
  /** academic_year and/or cohort_number: documents of these cohorts (empty: none match). */
  cohortIds?: string[];
  /** program_type: program documents of that type, and documents of that type's cohorts. */
  program?: { type: ProgramType; cohortIds: string[] };
  /** Lower-cased; matches title, description and document text. */
  search?: string;
  /** Lower-cased; matches an assigned student's first name, last name or username. */
  studentName?: string;
}

/** A document as stored, with the lower-cased copies the filters match. */
export type StoredDocument = DocumentRecord & { searchText: string; studentNames: string };

export function matchesFilters(d: StoredDocument, f: DocumentFilters): boolean {
  return (f.scope === undefined || d.scope === f.scope)
    && (f.categoryId === undefined || d.categoryId === f.categoryId)
    && (f.isMandatory === undefined || d.isMandatory === f.isMandatory)
    && (f.cohortIds === undefined || (d.cohortId !== null && f.cohortIds.includes(d.cohortId)))
    && (f.program === undefined || d.programType === f.program.type || (d.cohortId !== null && f.program.cohortIds.includes(d.cohortId)))
    && (f.search === undefined || d.searchText.includes(f.search))
    && (f.studentName === undefined || d.studentNames.includes(f.studentName));
}

export interface FilterParts {
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** The same conditions as a FilterExpression. Reads cost the same either way; the benchmark measures. */
export function filterExpression(f: DocumentFilters): FilterParts {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const inList = (attr: string, ids: string[], prefix: string) => {
    // `IN` takes at most 100 operands; an empty list can match nothing
    if (ids.length === 0) return 'attribute_not_exists(pk)';
    const chunks: string[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      chunks.push(`${attr} IN (${ids.slice(i, i + 100).map((id, j) => { values[`:${prefix}${i + j}`] = id; return `:${prefix}${i + j}`; }).join(', ')})`);
    }
    return chunks.length === 1 ? chunks[0]! : `(${chunks.join(' OR ')})`;
  };
  if (f.scope !== undefined) { names['#scope'] = 'scope'; values[':scope'] = f.scope; conditions.push('#scope = :scope'); }
  if (f.categoryId !== undefined) { values[':category'] = f.categoryId; conditions.push('categoryId = :category'); }
  if (f.isMandatory !== undefined) { values[':mandatory'] = f.isMandatory; conditions.push('isMandatory = :mandatory'); }
  if (f.cohortIds !== undefined) conditions.push(inList('cohortId', f.cohortIds, 'cohort'));
  if (f.program !== undefined) {
    values[':programType'] = f.program.type;
    conditions.push(f.program.cohortIds.length
      ? `(programType = :programType OR ${inList('cohortId', f.program.cohortIds, 'programCohort')})`
      : 'programType = :programType');
  }
  if (f.search !== undefined) { values[':search'] = f.search; conditions.push('contains(searchText, :search)'); }
  if (f.studentName !== undefined) { values[':studentName'] = f.studentName; conditions.push('contains(studentNames, :studentName)'); }
  return {
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}
