/**
 * The cart's routes (layout, /cart, /checkout) load as one chunk: they share most of their code,
 * and each lazy chunk of its own adds its file list to the start-up bundle (app/router).
 */
export { default as CartRoute } from './CartRoute';
export { default as CartPage } from './CartPage';
export { default as CheckoutPage } from './CheckoutPage';
