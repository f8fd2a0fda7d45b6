import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Course Management, served at /course-manager: built in issue 5. */
export default function CourseManagementPage() {
  return <PagePlaceholder title="Course Management" subtitle="Add, edit, and manage courses in the system" />;
}
