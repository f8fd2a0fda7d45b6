import { useState } from 'react';
import { useLocation } from 'react-router';
import type { StudentLinks } from '#shared/studentRecordPath';
import { NO_FILTERS, type StudentFilters } from './studentFilters';
import { StudentList } from './StudentList';
import { StudentRecordPage } from './StudentRecordPage';

/**
 * The admin panel's Students view: the list, or one student's record when the URL names
 * one (`?view=students&student=<username>`, see shared/studentRecordPath.ts). The list's filters live
 * here, so they are still set when the admin comes back from a record.
 */
export default function StudentsAdminView({ links }: { links: StudentLinks }) {
  // useLocation rather than useSearchParams, whose code would join the start-up bundle (web/README.md).
  const { search } = useLocation();
  const username = links.usernameIn(search);
  const [filters, setFilters] = useState<StudentFilters>(NO_FILTERS);
  return username ? (
    <StudentRecordPage key={username} username={username} listPath={links.list} />
  ) : (
    <StudentList filters={filters} onFiltersChange={setFilters} recordPath={links.record} />
  );
}
