import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { HintTooltip } from '../../components/HintTooltip';
import { selectCartCount, selectCartTotal } from './cartSlice';
import { CART_BADGE_MAX, cartSummaryLabel } from './cartSummary';

/** Header cart icon: badge with the item count; tooltip and accessible name with count and total. */
export function CartButton() {
  const count = useAppSelector(selectCartCount);
  const total = useAppSelector(selectCartTotal);
  const label = cartSummaryLabel(count, total);
  return (
    <HintTooltip title={label}>
      <IconButton component={RouterLink} to={paths.cart} color="inherit" aria-label={label}>
        <Badge badgeContent={count} max={CART_BADGE_MAX} color="secondary">
          <ShoppingCartIcon />
        </Badge>
      </IconButton>
    </HintTooltip>
  );
}
