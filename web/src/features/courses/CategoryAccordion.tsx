import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CourseCategory } from '#contract/courses';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { CategoryIcon } from './categoryIcon';
import { formatPrice, yesNo } from './courseFormat';

type CatalogCourse = CourseCategory['courses'][number];

const COLUMNS: ReadonlyArray<DataColumn<CatalogCourse>> = [
  { header: 'Course Name', priority: 'title', render: (course) => course.name },
  { header: 'CRN', render: (course) => course.CRN },
  { header: 'Credit Hours', render: (course) => course.credit_hours },
  { header: 'Application Fee', nowrap: true, render: (course) => formatPrice(course.application_price) },
  { header: 'Tuition', nowrap: true, render: (course) => formatPrice(course.tuition_price) },
  { header: 'Certificate', render: (course) => yesNo(course.is_certificate_course) },
];

/** Spec: "N courses" (singular for one). */
export const courseCount = (n: number) => `${n} ${n === 1 ? 'course' : 'courses'}`;

/** One catalog category: icon, display name and course count, expanding to its courses. */
export function CategoryAccordion({ category, defaultExpanded }: { category: CourseCategory; defaultExpanded: boolean }) {
  const id = `category-${category.category}`;
  return (
    // The summary button sits in the heading slot: an h2 under the page's h1.
    <Accordion defaultExpanded={defaultExpanded} disableGutters slots={{ heading: 'h2' }} sx={{ '& > h2': { m: 0 } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CategoryIcon category={category.category} />
          <Typography variant="h6" component="span">
            {category.display_name}
          </Typography>
          <Chip size="small" label={courseCount(category.courses.length)} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <DataTable label={`${category.display_name} courses`} outlined={false} columns={COLUMNS} rows={category.courses} rowKey={(course) => course.id} />
      </AccordionDetails>
    </Accordion>
  );
}
