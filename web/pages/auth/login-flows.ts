/**
 * The six ways to log in (spec 6), each a tab of /auth/login?as=<key> posting to its own call.
 * `staff` flows are kept off the public page: a "Staff sign-in" link leads to them.
 */
export type LoginFlow = {
  key: string;
  tab: string;
  staff: boolean;
  heading: string;
  endpoint: string;
  field: { name: string; label: string; type: 'email' | 'text'; autoComplete: string; placeholder: string; required: string };
  hint?: string;
};

const emailField = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'username',
  placeholder: 'Your email address',
  required: 'Email is required',
} as const;
const idField = (name: string, label: string, placeholder: string) =>
  ({ name, label, type: 'text', autoComplete: 'username', placeholder, required: `${label} is required` }) as const;

export const LOGIN_FLOWS: readonly LoginFlow[] = [
  {
    key: 'email',
    tab: 'Email',
    staff: false,
    heading: 'Log in with your email',
    endpoint: '/auth/login',
    field: emailField,
    hint: 'Members, students and staff can all log in with their email address.',
  },
  {
    key: 'student',
    tab: 'Student ID',
    staff: false,
    heading: 'Student login',
    endpoint: '/auth/student-login',
    field: idField('studentId', 'Student ID', 'STU-0001'),
  },
  {
    key: 'instructor',
    staff: true,
    tab: 'Instructor ID',
    heading: 'Instructor login',
    endpoint: '/auth/instructor-login',
    field: idField('instructorId', 'Instructor ID', 'INS-0001'),
  },
  {
    key: 'grandmaster',
    staff: true,
    tab: 'Grand Master ID',
    heading: 'Grand Master login',
    endpoint: '/auth/grandmaster-login',
    field: idField('grandmasterId', 'Grand Master ID', 'GM-0001'),
  },
  {
    key: 'admin',
    staff: true,
    tab: 'Admin ID',
    heading: 'Admin login',
    endpoint: '/auth/admin-login',
    field: idField('adminId', 'Admin ID', 'ADM-0001'),
  },
  { key: 'super-admin', tab: 'Super Admin', staff: true, heading: 'Super Admin login', endpoint: '/auth/super-admin', field: emailField },
];

export const DEFAULT_FLOW = LOGIN_FLOWS[0] as LoginFlow;
export const flowFor = (key: string | undefined | null): LoginFlow => LOGIN_FLOWS.find((f) => f.key === key) ?? DEFAULT_FLOW;
