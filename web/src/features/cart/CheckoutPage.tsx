import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Checkout page (spec section 2, Checkout): built in issue 4. */
export default function CheckoutPage() {
  return <PagePlaceholder title="Secure Checkout" />;
}
