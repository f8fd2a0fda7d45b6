import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Course Schedule Editor (spec section 2): built in issue 3. */
export default function CourseScheduleEditorPage() {
  return <PagePlaceholder title="Course Schedule Editor" />;
}
