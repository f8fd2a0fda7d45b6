import Stack from '@mui/material/Stack';
import { useCurrentUser } from '#shared/session/currentUser';
import { courseAccessOf } from './courseAccess';
import { CourseManager } from './CourseManager';
import { PageHeading } from '#shared/components/PageHeading';
import { SignInNotice } from './SignInNotice';

/**
 * Course Management at /course-manager. Admins and staff add, edit and delete courses; other
 * signed-in users (students) see the list read-only; anonymous visitors are asked to log in.
 */
export default function CourseManagementPage() {
  const access = courseAccessOf(useCurrentUser());
  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="Course Management" subtitle="Add, edit, and manage courses in the system" />
      {access === 'anonymous' ? <SignInNotice /> : <CourseManager canWrite={access === 'write'} />}
    </Stack>
  );
}
