import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { brand } from '#shared/brand';

/** "Need Help" box of the cart page, with the Contact Admissions mail link. */
export function NeedHelpBox() {
  return (
    <Paper variant="outlined" component="aside" aria-labelledby="need-help-title" sx={{ p: 2 }}>
      <Typography id="need-help-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        Need Help?
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        Questions about your bill, payment plans or financial aid? Our admissions office is happy to help.
      </Typography>
      <Link href={`mailto:${brand.admissionsEmail}`}>Contact Admissions</Link>
    </Paper>
  );
}
