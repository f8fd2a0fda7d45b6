/** The demo sign-ins of the README. Every demo student signs in with Student!2345. */
export interface DemoUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  group: 'admin' | 'staff' | 'finance' | 'compliance' | null;
}

export const STUDENT_PASSWORD = 'Student!2345';

export const demoStaff: DemoUser[] = [
  { username: 'admin', password: 'Admin!2345', firstName: 'Avery', lastName: 'Morgan', email: 'admin@northfield.example.edu', group: 'admin' },
  { username: 'staff', password: 'Staff!2345', firstName: 'Sam', lastName: 'Rivera', email: 'staff@northfield.example.edu', group: 'staff' },
  { username: 'finance', password: 'Finance!2345', firstName: 'Fran', lastName: 'Okafor', email: 'finance@northfield.example.edu', group: 'finance' },
  { username: 'compliance', password: 'Compliance!2345', firstName: 'Casey', lastName: 'Nguyen', email: 'compliance@northfield.example.edu', group: 'compliance' },
];

/**
 * An admin who has not set up two-step sign-in yet, so the enrolment (QR code, first code)
 * can be tried locally: the demo staff above are exempt from it on the local stack only
 * (PORTAL_MFA_EXEMPT_USERS, lib/local/endpoints.ts), this one is not.
 */
export const demoMfaUsers: DemoUser[] = [
  { username: 'mfa.admin', password: 'MfaAdmin!2345', firstName: 'Morgan', lastName: 'Reyes', email: 'mfa.admin@northfield.example.edu', group: 'admin' },
];

/** The local stack's exemption from TOTP enrolment: the demo staff, whom the browser tests sign in with a password. */
export const MFA_EXEMPT_DEMO_USERS = demoStaff.map((user) => user.username);
