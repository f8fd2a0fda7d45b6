import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PLAN_STATUSES, type PlanListItem, type PlanStatusName } from '#contract/payment-plans';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { PageHeading } from '#shared/components/PageHeading';
import { PagedQueryList } from '#shared/components/PagedList';
import { PLAN_STATUS_LABEL, PlanStatusChip } from '#shared/components/PlanStatusChip';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { paths } from '#shared/paths';
import { actionsFor, FINANCE_ACTIONS, type FinanceAction } from './planActions';
import { PlanActionDialog } from './PlanActionDialog';
import { useGetPlanListInfiniteQuery } from './plansApi';

const COLUMNS: DataColumn<PlanListItem>[] = [
  {
    header: 'Student',
    render: (p) => (
      <>
        {p.student_name}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {p.username}
        </Typography>
      </>
    ),
    priority: 'title',
  },
  { header: 'Program', render: (p) => p.program_name },
  { header: 'Template', render: (p) => p.template_name, priority: 'secondary' },
  { header: 'Status', render: (p) => <PlanStatusChip status={p.status} />, nowrap: true },
  { header: 'Remaining', render: (p) => formatDollars(p.remaining), nowrap: true, align: 'right' },
  { header: 'Arrears', render: (p) => formatDollars(p.arrears), nowrap: true, align: 'right' },
  { header: 'Next debit', render: (p) => (p.next_debit ? `${formatCalendarDate(p.next_debit.on)}: ${formatDollars(p.next_debit.amount)}` : 'None'), nowrap: true },
];

/** Students' payment plans (finance, admins), one status at a time, with finance's changes to each. */
export default function PlanListPage() {
  const [status, setStatus] = useState<PlanStatusName>('active');
  const query = useGetPlanListInfiniteQuery(status);
  const rows = query.data?.pages.flatMap((page) => page.results) ?? [];
  const [acting, setActing] = useState<{ plan: PlanListItem; action: FinanceAction } | null>(null);

  return (
    <Stack spacing={3}>
      <PageHeading title="Students’ payment plans" subtitle="Every plan by status, with what is past due, and the changes finance makes." />
      <div>
        <Button component={RouterLink} to={paths.paymentPlans} variant="outlined">
          Plan templates and hold rules
        </Button>
      </div>
      <Tabs value={status} onChange={(_event, next: PlanStatusName) => setStatus(next)} variant="scrollable" allowScrollButtonsMobile aria-label="Plan statuses">
        {PLAN_STATUSES.map((s) => (
          <Tab key={s} value={s} label={PLAN_STATUS_LABEL[s]} />
        ))}
      </Tabs>
      <PagedQueryList
        query={query}
        loadingText="Loading the plans..."
        failureText="The plans could not be loaded"
        empty={rows.length === 0 && `No ${PLAN_STATUS_LABEL[status].toLowerCase()} plans.`}
      >
        <DataTable
          label={`${PLAN_STATUS_LABEL[status]} plans`}
          columns={COLUMNS}
          rows={rows}
          rowKey={(p) => p.id}
          empty=""
          actions={{
            render: (plan) =>
              actionsFor(plan).map((action) => (
                <Button
                  key={action}
                  size="small"
                  color={action === 'cancel' ? 'error' : 'primary'}
                  aria-label={`${FINANCE_ACTIONS[action].label}: ${plan.student_name}, ${plan.program_name}`}
                  onClick={() => setActing({ plan, action })}
                >
                  {FINANCE_ACTIONS[action].label}
                </Button>
              )),
          }}
        />
      </PagedQueryList>
      {acting && <PlanActionDialog plan={acting.plan} action={acting.action} onClose={() => setActing(null)} />}
    </Stack>
  );
}
