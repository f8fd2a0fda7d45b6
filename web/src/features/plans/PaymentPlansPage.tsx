import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MAX_PLAN_TEMPLATES, type HoldRules, type PaymentPlanTemplate } from '#contract/payment-plans';
import { useGetPlanTemplatesQuery } from '#shared/api/paymentPlans';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { PageHeading } from '#shared/components/PageHeading';
import { PageLoading } from '#shared/components/PageLoading';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { RetryAlert } from '#shared/components/RetryAlert';
import { SectionCard } from '#shared/components/SectionCard';
import { formatDollars } from '#shared/lib/money';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { paths } from '#shared/paths';
import { isConflict } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { HoldRulesCard } from './HoldRulesCard';
import { emptyPlanForm, draftOf, planFormOf, type PlanForm, type TemplateDraft } from './planForm';
import { LOAD_FAILED, saveProblemOf } from './plansMessages';
import { usePutPlanTemplatesMutation } from './plansApi';
import { PlanTemplateDialog } from './PlanTemplateDialog';

const COLUMNS: DataColumn<PaymentPlanTemplate>[] = [
  { header: 'Name', render: (t) => t.name, priority: 'title' },
  { header: 'Down payment', render: (t) => `${t.down_payment_percent}%`, nowrap: true },
  { header: 'Installments', render: (t) => String(t.installments), align: 'right' },
  { header: 'Day of month', render: (t) => String(t.day_of_month), align: 'right' },
  { header: 'Setup fee', render: (t) => formatDollars(t.setup_fee), nowrap: true, align: 'right' },
  { header: 'Late fee', render: (t) => formatDollars(t.late_fee), nowrap: true, align: 'right', priority: 'secondary' },
  { header: 'Grace days', render: (t) => String(t.grace_days), align: 'right', priority: 'secondary' },
  { header: 'Returned-payment fee', render: (t) => formatDollars(t.returned_payment_fee), nowrap: true, align: 'right', priority: 'secondary' },
  { header: 'Program types', render: (t) => t.program_types.map((p) => PROGRAM_TYPE_LABEL[p]).join(', ') },
  {
    header: 'Status',
    render: (t) => <Chip size="small" color={t.active ? 'success' : 'default'} label={t.active ? 'Active' : 'Inactive'} />,
    nowrap: true,
  },
];

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Payment Plans (finance, admins): the plan templates students may choose from, and the hold rules. Every change
 * (add, edit, remove, the rules) sends the whole set with one PUT, kept templates by id.
 */
export default function PaymentPlansPage() {
  const toast = useToast(TOAST_MS);
  const { data, error, isLoading, refetch } = useGetPlanTemplatesQuery();
  const [put] = usePutPlanTemplatesMutation();
  const [editing, setEditing] = useState<{ index: number; form: PlanForm } | null>(null);
  const [removing, setRemoving] = useState<PaymentPlanTemplate | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  /**
   * Sends the set, as of the version it was read at; null once saved, else the refusal as a sentence. A refusal because
   * someone else saved meanwhile (409) reads the settings again, so what is shown, and the next save, start from theirs.
   */
  const saveSet = async (templates: readonly TemplateDraft[], holdRules: HoldRules, done: string): Promise<string | null> => {
    try {
      await put({ templates: templates.map(draftOf), hold_rules: holdRules, version: data?.version ?? 0 }).unwrap();
      toast(done, 'success');
      return null;
    } catch (failure) {
      if (isConflict(failure)) void refetch();
      return saveProblemOf(failure);
    }
  };

  const saveTemplate = async (template: TemplateDraft): Promise<string | null> => {
    if (!data || !editing) return null;
    const clash = data.templates.find((t, i) => i !== editing.index && sameName(t.name, template.name));
    if (clash) return `There is already a plan named ${clash.name}.`;
    const next = editing.index < 0 ? [...data.templates, template] : data.templates.map((t, i) => (i === editing.index ? template : t));
    const refused = await saveSet(next, data.hold_rules, editing.index < 0 ? `${template.name} added.` : `${template.name} saved.`);
    if (!refused) setEditing(null);
    return refused;
  };

  const remove = async (template: PaymentPlanTemplate) => {
    if (!data) return;
    setRemoving(null);
    setProblem(
      await saveSet(
        data.templates.filter((t) => t.id !== template.id),
        data.hold_rules,
        `${template.name} removed.`,
      ),
    );
  };

  const atLimit = (data?.templates.length ?? 0) >= MAX_PLAN_TEMPLATES;

  return (
    <Stack spacing={3}>
      <PageHeading title="Payment Plans" subtitle="The installment plans students may choose, and when an overdue balance puts an account on hold." />
      <div>
        <Button component={RouterLink} to={paths.paymentPlanList} variant="outlined">
          Students’ plans
        </Button>
      </div>
      {isLoading && <PageLoading label="Loading the payment plans..." />}
      {error && !data ? <RetryAlert message={saveProblemOf(error, LOAD_FAILED)} retry={refetch} /> : null}
      {data && (
        <>
          <SectionCard id="plan-templates-title" title="Plan templates">
            <Stack spacing={2}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Button variant="contained" disabled={atLimit} onClick={() => setEditing({ index: -1, form: emptyPlanForm() })}>
                  Add plan
                </Button>
                {atLimit && <Typography color="text.secondary">{`At most ${MAX_PLAN_TEMPLATES} plans: remove one to add another.`}</Typography>}
              </Stack>
              <ProblemAlert problem={problem} />
              <DataTable
                label="Plan templates"
                columns={COLUMNS}
                rows={data.templates}
                rowKey={(t) => t.id}
                empty="No payment plans yet. Add the first one."
                actions={{
                  render: (t) => (
                    <>
                      <Button size="small" aria-label={`Edit ${t.name}`} onClick={() => setEditing({ index: data.templates.indexOf(t), form: planFormOf(t) })}>
                        Edit
                      </Button>
                      <Button size="small" color="error" aria-label={`Remove ${t.name}`} onClick={() => setRemoving(t)}>
                        Remove
                      </Button>
                    </>
                  ),
                }}
              />
            </Stack>
          </SectionCard>
          <HoldRulesCard key={JSON.stringify(data.hold_rules)} rules={data.hold_rules} onSave={(rules) => saveSet(data.templates, rules, 'Hold rules saved.')} />
        </>
      )}
      {editing && <PlanTemplateDialog initial={editing.form} onSave={saveTemplate} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove payment plan"
        message={removing ? `Remove ${removing.name}? Students can no longer choose it; plans already made with it keep their terms.` : ''}
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
