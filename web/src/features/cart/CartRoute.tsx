import { Outlet } from 'react-router';
import { CartProvider } from './CartContext';

/** Layout route of /cart and /checkout (inside RequireAuth): the pages below use `useCart()`. */
export default function CartRoute() {
  return (
    <CartProvider>
      <Outlet />
    </CartProvider>
  );
}
