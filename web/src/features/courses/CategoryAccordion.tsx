import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CourseCategory } from '../../../../lambdas/contract/courses';
import { CategoryIcon } from './categoryIcon';
import { formatPrice, yesNo } from './courseFormat';

const COLUMNS = ['Course Name', 'CRN', 'Credit Hours', 'Application Fee', 'Tuition', 'Certificate'];

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
        <TableContainer tabIndex={0} role="region" aria-label={`${category.display_name} courses`}>
          <Table size="small" aria-label={`${category.display_name} courses`}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {category.courses.map((course) => (
                <TableRow key={course.id}>
                  <TableCell>{course.name}</TableCell>
                  <TableCell>{course.CRN}</TableCell>
                  <TableCell>{course.credit_hours}</TableCell>
                  <TableCell>{formatPrice(course.application_price)}</TableCell>
                  <TableCell>{formatPrice(course.tuition_price)}</TableCell>
                  <TableCell>{yesNo(course.is_certificate_course)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </AccordionDetails>
    </Accordion>
  );
}
