import type { UserInfo } from '#contract/users';
import { decideRoleAccess } from './adminAccess';

/** What a user without the finance role is told after being sent to the dashboard (worded like the admin guard's). */
export const NOT_FINANCE_MESSAGE = 'You do not have finance privileges to access this area.';

/** Who may open the finance ledger: finance staff (`is_finance`) and admins. */
export const canSeeFinanceLedger = (user: UserInfo | null) => user?.is_finance === true || user?.isAdmin === true;

/** The admin guard's decision, letting finance staff in too and telling others they lack finance privileges. */
export const decideFinanceAccess = decideRoleAccess(canSeeFinanceLedger, NOT_FINANCE_MESSAGE);
