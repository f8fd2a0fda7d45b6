import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Cart page (spec section 2, Cart): built in issue 4. */
export default function CartPage() {
  return <PagePlaceholder title="Shopping Cart" />;
}
