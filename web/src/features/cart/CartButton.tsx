import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { HintTooltip } from '#shared/components/HintTooltip';
import { selectCartCount, selectCartTotal } from '#shared/cart/cartSlice';
import { CART_BADGE_MAX, cartSummaryLabel } from './cartSummary';
import { visuallyHidden } from '#shared/lib/visuallyHidden';

/**
 * Header cart icon: badge with the item count; tooltip and accessible name with count and total.
 * The name is the link's hidden text rather than an aria-label, with the badge hidden from assistive
 * technology: the name already says the count ("Cart (2 items) - ..."), and an aria-label would fail
 * axe's label-in-name rule, which does not read the count inside the parentheses.
 */
export function CartButton() {
  const count = useAppSelector(selectCartCount);
  const total = useAppSelector(selectCartTotal);
  const label = cartSummaryLabel(count, total);
  return (
    <HintTooltip title={label}>
      <IconButton component={RouterLink} to={paths.cart} color="inherit">
        <Badge badgeContent={count} max={CART_BADGE_MAX} color="secondary" aria-hidden>
          <ShoppingCartIcon />
        </Badge>
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      </IconButton>
    </HintTooltip>
  );
}
