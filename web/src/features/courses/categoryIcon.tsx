import ComputerIcon from '@mui/icons-material/Computer';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SchoolIcon from '@mui/icons-material/School';
import type { SvgIconComponent } from '@mui/icons-material';
import type { CourseCategoryKey } from '#contract/courses';

/** Spec: icons for nursing, medical, tech, general_education, and a default for the rest. */
const ICONS: Partial<Record<CourseCategoryKey, SvgIconComponent>> = {
  nursing: LocalHospitalIcon,
  medical: MedicalServicesIcon,
  tech: ComputerIcon,
  general_education: SchoolIcon,
};

export function CategoryIcon({ category }: { category: CourseCategoryKey }) {
  const Icon = ICONS[category] ?? MenuBookIcon;
  return <Icon color="primary" aria-hidden data-category-icon={category in ICONS ? category : 'default'} />;
}
