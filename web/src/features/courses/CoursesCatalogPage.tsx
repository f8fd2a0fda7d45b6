import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '#shared/session/currentUser';
import { CategoryAccordion } from './CategoryAccordion';
import { CATALOG_FAILED } from './courseMessages';
import { CourseStatisticsCard } from './CourseStatisticsCard';
import { useGetCourseCategoriesQuery, useGetCourseStatsQuery } from './coursesApi';
import { PageHeading } from '#shared/components/PageHeading';
import { SignInNotice } from './SignInNotice';

/** Courses Catalog at /courses: statistics and one accordion per category, for any signed-in user. */
export default function CoursesCatalogPage() {
  const user = useCurrentUser();
  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="Courses Catalog" subtitle="Browse all available courses by category" />
      {user ? <Catalog /> : <SignInNotice />}
    </Stack>
  );
}

function Catalog() {
  // Fresh on every visit: courses may have changed in Course Management since.
  const categories = useGetCourseCategoriesQuery(undefined, { refetchOnMountOrArgChange: true });
  const stats = useGetCourseStatsQuery(undefined, { refetchOnMountOrArgChange: true });

  if (categories.isError || stats.isError) return <Alert severity="error">{CATALOG_FAILED}</Alert>;
  if (!categories.data || !stats.data) return <Typography role="status">Loading courses...</Typography>;
  return (
    <>
      <CourseStatisticsCard stats={stats.data} />
      {categories.data.length === 0 ? (
        <Typography>No courses found</Typography>
      ) : (
        <Box>
          {categories.data.map((category, index) => (
            <CategoryAccordion key={category.category} category={category} defaultExpanded={index === 0} />
          ))}
        </Box>
      )}
    </>
  );
}
