import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../brand';

/**
 * A page's title, as its h1 (`page-title`, which names the page's section) and the document title,
 * with the subtitle under it when there is one.
 */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  const heading = (
    <>
      <title>{`${title} · ${brand.productName}`}</title>
      <Typography id="page-title" variant="h4" component="h1">
        {title}
      </Typography>
    </>
  );
  if (subtitle === undefined) return heading;
  return (
    <Box>
      {heading}
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
  );
}
