import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brand } from '../brand';

/** Stand-in for a screen whose issue has not landed yet: its spec title and an honest note. */
export function PagePlaceholder({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="page-title">
      <title>{`${title} · ${brand.productName}`}</title>
      <Typography id="page-title" variant="h4" component="h1">
        {title}
      </Typography>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      <Typography>This screen is being built and will be available soon.</Typography>
    </Stack>
  );
}
