import { z } from 'zod';
import { emailField, givenPasswordField, loginIdField } from './fields.ts';

export const EmailLoginInput = z.object({ email: emailField, password: givenPasswordField() });
export const StudentLoginInput = z.object({ studentId: loginIdField('Student ID is required'), password: givenPasswordField() });
export const GrandmasterLoginInput = z.object({
  grandmasterId: loginIdField('Grandmaster ID is required'),
  password: givenPasswordField(),
});
export const AdminLoginInput = z.object({ adminId: loginIdField('Admin ID is required'), password: givenPasswordField() });
export const InstructorLoginInput = z.object({ instructorId: loginIdField('Instructor ID is required'), password: givenPasswordField() });

export type EmailLoginInput = z.infer<typeof EmailLoginInput>;
