import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { seasonLabel } from '../lib/season';

/** The current semester ("Fall 2026"), shown on every dashboard card that names one. */
export function SemesterChip({ size }: { size?: ChipProps['size'] }) {
  return <Chip icon={<CalendarMonthIcon />} label={seasonLabel()} color="primary" variant="outlined" size={size} />;
}
