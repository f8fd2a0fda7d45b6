import PaymentIcon from '@mui/icons-material/Payment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isNoStudentRecord, useGetStudentQuery } from '#shared/api/students';
import { paths } from '#shared/paths';
import { useAddToCart } from '#shared/cart/useAddToCart';
import type { PaymentDetails } from '#contract/students';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { billBalance, billCartItems, owedPrograms } from '#shared/lib/bill';
import { CardHeading } from './CardHeading';
import { FactList } from './FactList';
import { SemesterChip } from '#shared/components/SemesterChip';

// "Set up a payment plan" loads after the card (the /Dashboard route's JavaScript has a budget)
const PlanSetupLinks = lazy(() => import('./PlanSetupLinks'));

/** The card's id: `/Dashboard#my-bill` scrolls to it and focuses it. */
export const MY_BILL_ID = 'my-bill';

/**
 * My Bill, from the student record the header card also reads (one request, shared cache).
 * Users without a student record (404) have no payment information rather than an error.
 */
export function MyBillCard({ username }: { username: string }) {
  const { data: student, error, isLoading } = useGetStudentQuery(username);
  const card = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The empty cart's Browse Programs leads here (/Dashboard#my-bill), where a bill is paid
  useEffect(() => {
    if (hash !== `#${MY_BILL_ID}`) return;
    card.current?.scrollIntoView({ block: 'start' });
    card.current?.focus({ preventScroll: true });
  }, [hash]);
  let content: ReactNode;
  if (isLoading) content = <Typography role="status">Loading payment information...</Typography>;
  else if (error && !isNoStudentRecord(error))
    content = (
      <Typography color="error" role="alert">
        Unable to load payment information
      </Typography>
    );
  else if (!student?.payment_details) content = <Typography>No payment information available</Typography>;
  else content = <Bill username={username} details={student.payment_details} />;

  return (
    <Card component="section" id={MY_BILL_ID} ref={card} tabIndex={-1} aria-labelledby="my-bill-title" sx={{ scrollMarginTop: 16 }}>
      <CardContent>
        <CardHeading id="my-bill-title" title="My Bill" chip={<SemesterChip size="small" />} />
        {content}
      </CardContent>
    </Card>
  );
}

function Bill({ username, details }: { username: string; details: PaymentDetails }) {
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const balance = billBalance(details);
  const owed = owedPrograms(details);
  const owing = balance > 0;
  const payBill = () => {
    addToCart(billCartItems(details));
    navigate(paths.cart);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Balance
          </Typography>
          <Typography variant="h4" component="p">
            {formatDollars(balance)}
          </Typography>
        </Box>
        {owing ? (
          <Chip color="warning" label={details.next_due_date ? `Due ${formatCalendarDate(details.next_due_date)}` : 'Payment Due'} />
        ) : (
          <Chip color="success" label="Account Current" />
        )}
      </Stack>
      {!owing && <Typography sx={{ color: 'success.main', fontWeight: 500 }}>Paid in Full</Typography>}
      {owed.length > 0 ? (
        <FactList facts={owed.map((bill) => ({ label: bill.programName, value: formatDollars(bill.remaining) }))} />
      ) : (
        <Typography color="text.secondary">No outstanding balance</Typography>
      )}
      <Box>
        <Button variant="contained" startIcon={<PaymentIcon />} disabled={!owing} onClick={payBill}>
          Pay Bill
        </Button>
      </Box>
      {owing && (
        <Suspense fallback={null}>
          <PlanSetupLinks username={username} details={details} />
        </Suspense>
      )}
    </Stack>
  );
}
