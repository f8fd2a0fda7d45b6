/** The payment history and receipt routes load as one chunk (see features/cart/cartPages.ts). */
export { default as PaymentHistoryPage } from './PaymentHistoryPage';
export { default as PaymentReceiptPage } from './PaymentReceiptPage';
