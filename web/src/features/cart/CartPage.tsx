import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetStudentQuery } from '#shared/api/students';
import { gridSx } from '#shared/components/gridSx';
import { PageHeading } from '#shared/components/PageHeading';
import { paths } from '#shared/paths';
import { CartItemCard } from './CartItemCard';
import { useCart } from './CartContext';
import { EmptyCart } from './EmptyCart';
import { NeedHelpBox } from './NeedHelpBox';
import { OrderSummary } from './OrderSummary';
import { cartFix, cartProblems, owedByProgram, owedFor, type CartProblem } from './owed';

// The dialog (MUI's Modal and transitions, about 10 KB gzipped) loads when Clear Cart is pressed, not with
// the cart and checkout pages (Lighthouse on a phone).
const ConfirmDialog = lazy(() => import('#shared/components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

export const CLEAR_CART_QUESTION = 'Are you sure you want to clear your cart?';

/** Shown above the order summary's buttons while an "Amount to pay" field holds an amount that cannot be paid. */
export const FIX_AMOUNT_FIRST = 'Correct the amount to pay above to continue.';

/**
 * Shopping Cart at /cart. What is owed comes from the student record
 * (read afresh on each visit: the student may have paid elsewhere), for the "Amount to pay" fields and
 * for each line's notice when it asks for more than is owed. The checkout checks again before paying.
 */
export default function CartPage() {
  const cart = useCart();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const { data: student } = useGetStudentQuery(cart.username, { refetchOnMountOrArgChange: true });
  const owed = student ? owedByProgram(student.payment_details) : null;
  // A program's notice shows once, on its first line (the cart merges a program's items anyway).
  const problemAt = new Map(cartProblems(cart.items, owed).map((problem) => [problem.items[0].id, problem]));
  const anyInvalid = cart.items.some((item) => invalid[item.id]);
  const markInvalid = useCallback((id: string, value: boolean) => setInvalid((current) => (current[id] === value ? current : { ...current, [id]: value })), []);
  const clear = () => {
    cart.clearCart();
    setConfirmingClear(false);
  };
  const fix = (problem: CartProblem | undefined) => {
    if (!problem) return;
    const { set, remove } = cartFix([problem]);
    for (const line of set) cart.setItemAmount(line.id, line.amount, line.quantity);
    for (const id of remove) cart.removeItem(id);
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="Shopping Cart" />
      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <Box sx={layout}>
          <Stack component="ul" aria-label="Cart items" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cart.items.map((item) => (
              <CartItemCard
                key={item.id}
                item={item}
                owed={owedFor(item, owed)}
                problem={problemAt.get(item.id) ?? null}
                onQuantityChange={(quantity) => cart.updateQuantity(item.id, quantity)}
                onRemove={() => cart.removeItem(item.id)}
                onAmountChange={(amount, quantity) => cart.setItemAmount(item.id, amount, quantity)}
                onAmountInvalid={(value) => markInvalid(item.id, value)}
                onFix={() => fix(problemAt.get(item.id))}
              />
            ))}
          </Stack>
          <Stack spacing={2}>
            <OrderSummary items={cart.items} total={cart.total} count={cart.count}>
              {anyInvalid ? (
                <>
                  <Typography variant="body2" color="error" id="fix-amount-first">
                    {FIX_AMOUNT_FIRST}
                  </Typography>
                  <Button variant="contained" size="large" disabled aria-describedby="fix-amount-first" startIcon={<ShoppingCartCheckoutIcon />}>
                    Proceed to Checkout
                  </Button>
                </>
              ) : (
                <Button variant="contained" size="large" component={RouterLink} to={paths.checkout} startIcon={<ShoppingCartCheckoutIcon />}>
                  Proceed to Checkout
                </Button>
              )}
              <Button color="error" onClick={() => setConfirmingClear(true)}>
                Clear Cart
              </Button>
            </OrderSummary>
            <NeedHelpBox />
          </Stack>
        </Box>
      )}
      {confirmingClear && (
        <Suspense fallback={null}>
          <ConfirmDialog open title="Clear Cart" message={CLEAR_CART_QUESTION} confirmLabel="Clear Cart" onConfirm={clear} onCancel={() => setConfirmingClear(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

const layout = gridSx({ xs: '1fr', md: '2fr 1fr' }, 3);
