import { decideRoleAccess } from '#shared/session/adminAccess';
import { canReviewCompliance, NOT_COMPLIANCE_MESSAGE } from '#shared/session/complianceAccess';
import { RoleGuard } from './RoleGuard';

/**
 * The admin guard's decision, letting the compliance group in too and telling others they lack compliance privileges.
 * Built here, in the guard's own chunk: a module-level call in the shell would keep it and adminAccess there.
 */
const decideComplianceAccess = decideRoleAccess(canReviewCompliance, NOT_COMPLIANCE_MESSAGE);

/** Route wrapper for the compliance review queue and the cohort grids: the compliance group and admins. */
export function ComplianceGuard() {
  return <RoleGuard decide={decideComplianceAccess} />;
}

export default ComplianceGuard;
