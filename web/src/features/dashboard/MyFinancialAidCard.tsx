import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDollars } from '#shared/lib/money';
import { CardHeading } from './CardHeading';
import { approvedAidTotal, SAMPLE_AID_AWARDS } from './financialAid';

/** My Financial Aid: the sample awards, the total of the Approved ones, and two buttons without an action yet. */
export function MyFinancialAidCard() {
  return (
    <Card component="section" aria-labelledby="my-financial-aid-title">
      <CardContent>
        <CardHeading id="my-financial-aid-title" title="My Financial Aid" />
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {SAMPLE_AID_AWARDS.map((award) => (
            <Box component="li" key={award.name} sx={awardStyle}>
              <Box>
                <Typography sx={{ fontWeight: 500 }}>{award.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {award.disbursement}
                </Typography>
              </Box>
              <Stack sx={{ alignItems: 'flex-end', gap: 0.5 }}>
                <Typography sx={{ fontWeight: 500 }}>{formatDollars(award.amount)}</Typography>
                <Chip label={award.status} size="small" color={award.status === 'Approved' ? 'success' : 'warning'} />
              </Stack>
            </Box>
          ))}
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
          <Typography sx={{ fontWeight: 500 }}>Total Approved Aid</Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatDollars(approvedAidTotal(SAMPLE_AID_AWARDS))}</Typography>
        </Stack>
        {/* The spec shows no action for these two buttons. */}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button variant="outlined">View Award Letters</Button>
          <Button variant="text">Apply for Additional Aid</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const awardStyle = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: 2,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
} as const;
