import { decideFinanceAccess } from '#shared/session/financeAccess';
import { RoleGuard } from './RoleGuard';

/** Route wrapper for the finance ledger (/finance): finance staff and admins. */
export function FinanceGuard() {
  return <RoleGuard decide={decideFinanceAccess} />;
}

export default FinanceGuard;
