import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The cart page never goes below this; only the state drops an item at 0. */
export const MIN_CART_QUANTITY = 1;

export function QuantityStepper({ label, quantity, onChange }: { label: string; quantity: number; onChange: (quantity: number) => void }) {
  return (
    <Stack direction="row" role="group" aria-label={`Quantity of ${label}`} sx={{ alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={`Decrease quantity of ${label}`}
        disabled={quantity <= MIN_CART_QUANTITY}
        onClick={() => onChange(Math.max(MIN_CART_QUANTITY, quantity - 1))}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="output" aria-live="polite" sx={{ minWidth: 32, textAlign: 'center' }}>
        {quantity}
      </Typography>
      <IconButton size="small" aria-label={`Increase quantity of ${label}`} onClick={() => onChange(quantity + 1)}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
