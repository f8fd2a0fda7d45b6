import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { AmountToPay } from './AmountToPay';
import type { CartItem } from '#shared/cart/cartSlice';
import { cartLineTotal } from './cartLines';
import { problemText, type CartProblem } from './owed';
import { QuantityStepper } from './QuantityStepper';

/**
 * One cart line: name, type chip, payment kind, due date, stepper, amount, remove.
 * A bill item ("Next Payment") has an "Amount to pay" field for all or part of what is owed
 * (`owed`, from the student record; null while unknown), and a line asking for more than is owed says so
 * with a one-click fix.
 */
export function CartItemCard({
  item,
  owed = null,
  problem = null,
  onQuantityChange,
  onRemove,
  onAmountChange = () => {},
  onAmountInvalid = () => {},
  onFix = () => {},
}: {
  item: CartItem;
  owed?: number | null;
  problem?: CartProblem | null;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  onAmountChange?: (amount: number, quantity?: number) => void;
  onAmountInvalid?: (invalid: boolean) => void;
  onFix?: () => void;
}) {
  return (
    <Card component="li" variant="outlined" aria-label={item.program_name}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6" component="h2">
              {item.program_name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
              <Chip size="small" color="primary" label={PROGRAM_TYPE_LABEL[item.program_type] ?? item.program_type} />
              <Typography variant="body2" color="text.secondary">
                {item.payment_type === 'installment' ? 'Next Payment' : 'Full Payment'}
              </Typography>
            </Stack>
            {item.due_date && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Due: {formatCalendarDate(item.due_date)}
              </Typography>
            )}
            {item.payment_type === 'installment' && <AmountToPay item={item} owed={owed} onAmountChange={onAmountChange} onInvalid={onAmountInvalid} />}
          </Box>
          <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
            <Typography variant="h6" component="p" aria-label={`Amount for ${item.program_name}`}>
              {formatDollars(cartLineTotal(item))}
            </Typography>
            {item.quantity > 1 && (
              <Typography variant="body2" color="text.secondary">
                {formatDollars(item.amount)} × {item.quantity}
              </Typography>
            )}
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <QuantityStepper label={item.program_name} quantity={item.quantity} onChange={onQuantityChange} />
              <IconButton aria-label={`Remove ${item.program_name}`} color="error" onClick={onRemove}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Stack>
        </Stack>
        {problem && (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={onFix}>
                {problem.kind === 'over' ? `Pay ${formatDollars(problem.owed)} instead` : 'Remove from cart'}
              </Button>
            }
          >
            {problemText(problem)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
