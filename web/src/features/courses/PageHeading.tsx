import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brand } from '#shared/brand';

/** Title (the page's h1 and the document title) and subtitle of a course screen. */
export function PageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box>
      <title>{`${title} · ${brand.productName}`}</title>
      <Typography id="page-title" variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
  );
}
