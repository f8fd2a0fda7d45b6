import FolderSharedIcon from '@mui/icons-material/FolderShared';
import PaymentsIcon from '@mui/icons-material/Payments';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brand } from '#shared/brand';

/** The three features the login screen advertises, in the spec's words. */
const features = [
  { text: 'Tracking academic progress', Icon: TrendingUpIcon },
  { text: 'Managing tuition and financial aid', Icon: PaymentsIcon },
  { text: 'Accessing course materials and schedules', Icon: FolderSharedIcon },
] as const;

export function WelcomePanel() {
  return (
    <Box component="section" aria-labelledby="welcome-title" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', p: { xs: 3, md: 5 }, height: '100%' }}>
      <Typography id="welcome-title" variant="h4" component="h1" gutterBottom>
        Welcome to {brand.collegeName}
      </Typography>
      <Typography sx={{ mb: 2 }}>The {brand.productName} is your place for:</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {features.map(({ text, Icon }) => (
          <Box component="li" key={text} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Icon aria-hidden />
            <Typography component="span">{text}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
