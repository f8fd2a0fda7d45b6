import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { brand } from '../brand';
import { paths } from '../paths';

export default function NotFoundPage() {
  return (
    <Stack spacing={2} component="section" aria-labelledby="page-title" sx={{ alignItems: 'flex-start' }}>
      <title>{`Page not found · ${brand.productName}`}</title>
      <Typography id="page-title" variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography>The page you asked for does not exist.</Typography>
      <Button variant="contained" component={RouterLink} to={paths.home}>
        Go to the portal home
      </Button>
    </Stack>
  );
}
