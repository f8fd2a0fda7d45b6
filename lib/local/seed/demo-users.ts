/** The demo sign-ins of the README. Every demo student signs in with Student!2345. */
export interface DemoUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  group: 'admin' | 'staff' | 'finance' | null;
}

export const STUDENT_PASSWORD = 'Student!2345';

export const demoStaff: DemoUser[] = [
  { username: 'admin', password: 'Admin!2345', firstName: 'Avery', lastName: 'Morgan', email: 'admin@northfield.example.edu', group: 'admin' },
  { username: 'staff', password: 'Staff!2345', firstName: 'Sam', lastName: 'Rivera', email: 'staff@northfield.example.edu', group: 'staff' },
  { username: 'finance', password: 'Finance!2345', firstName: 'Fran', lastName: 'Okafor', email: 'finance@northfield.example.edu', group: 'finance' },
];
