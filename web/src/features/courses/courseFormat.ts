import { formatDollars } from '#shared/lib/money';

/** Prices as the spec shows them: a dollar sign plus two decimals, or N/A when empty. */
export const formatPrice = (price: number | null) => (price === null ? 'N/A' : formatDollars(price));

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
