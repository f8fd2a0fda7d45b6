import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../app/brand';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CartItemCard } from './CartItemCard';
import { useCart } from './CartContext';
import { EmptyCart } from './EmptyCart';
import { NeedHelpBox } from './NeedHelpBox';
import { OrderSummary } from './OrderSummary';

export const CLEAR_CART_QUESTION = 'Are you sure you want to clear your cart?';

/** Shopping Cart at /cart (spec section 2, Cart). */
export default function CartPage() {
  const cart = useCart();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const clear = () => {
    cart.clearCart();
    setConfirmingClear(false);
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <title>{`Shopping Cart · ${brand.productName}`}</title>
      <Typography id="page-title" variant="h4" component="h1">
        Shopping Cart
      </Typography>
      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <Box sx={layout}>
          <Stack component="ul" aria-label="Cart items" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cart.items.map((item) => (
              <CartItemCard
                key={item.id}
                item={item}
                onQuantityChange={(quantity) => cart.updateQuantity(item.id, quantity)}
                onRemove={() => cart.removeItem(item.id)}
              />
            ))}
          </Stack>
          <Stack spacing={2}>
            <OrderSummary items={cart.items} total={cart.total} count={cart.count}>
              <Button variant="contained" size="large" component={RouterLink} to={paths.checkout} startIcon={<ShoppingCartCheckoutIcon />}>
                Proceed to Checkout
              </Button>
              <Button color="error" onClick={() => setConfirmingClear(true)}>
                Clear Cart
              </Button>
            </OrderSummary>
            <NeedHelpBox />
          </Stack>
        </Box>
      )}
      <ConfirmDialog
        open={confirmingClear}
        title="Clear Cart"
        message={CLEAR_CART_QUESTION}
        confirmLabel="Clear Cart"
        onConfirm={clear}
        onCancel={() => setConfirmingClear(false)}
      />
    </Stack>
  );
}

const layout = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
  alignItems: 'start',
} as const;
