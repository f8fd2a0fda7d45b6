import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Courses Catalog, served at /courses: built in issue 5. */
export default function CoursesCatalogPage() {
  return <PagePlaceholder title="Courses Catalog" subtitle="Browse all available courses by category" />;
}
