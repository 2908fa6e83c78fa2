import { describe, expect, it } from 'vitest';
import { INSTRUCTOR_ENROLLMENT_STATUSES } from './enrollment-status.ts';
import { ApplyInstructorSchema, SuspendInstructorSchema } from './instructor-schemas.ts';
import { instructorStatusDetails } from './instructor-status.ts';

describe('instructorStatusDetails', () => {
  it('lets the applicant cancel while pending, approved or active, never once ended', () => {
    const can = INSTRUCTOR_ENROLLMENT_STATUSES.filter((s) => instructorStatusDetails(s, 'active').canCancel);
    expect(can).toEqual(['pending_approval', 'approved', 'active']);
  });

  it('says "Suspended" for a live enrolment whose instructor is suspended, the status label otherwise', () => {
    expect(instructorStatusDetails('approved', 'suspended').label).toBe('Suspended');
    expect(instructorStatusDetails('cancelled', 'suspended').label).toBe('Cancelled');
    expect(instructorStatusDetails('completed', 'inactive').label).toBe('Completed');
  });
});

describe('ApplyInstructorSchema', () => {
  const base = { instructorType: ' Senior ', grade: 'Black belt', bio: 'Bio' };
  it('reads form strings: the type in any case, years as digits (blank is 0), repeated fields as their first value', () => {
    expect(ApplyInstructorSchema.parse({ ...base, experienceYears: '' })).toMatchObject({ instructorType: 'senior', experienceYears: 0 });
    expect(ApplyInstructorSchema.parse({ ...base, grade: ['Brown', 'Black'], experienceYears: '12' })).toMatchObject({
      grade: 'Brown',
      experienceYears: 12,
      specialties: [],
      availability: '',
    });
  });
  it('drops blank and repeated specialties (any case) before counting them', () => {
    const many = [...Array.from({ length: 10 }, (_, i) => `S${i}`), 's1', ' ', 'S2'];
    expect(ApplyInstructorSchema.parse({ ...base, specialties: many }).specialties).toHaveLength(10);
    expect(ApplyInstructorSchema.safeParse({ ...base, specialties: [...many, 'S10'] }).success).toBe(false);
  });
  it('requires a suspend reason', () => {
    expect(SuspendInstructorSchema.safeParse({ suspendReason: '  ' }).error?.issues[0]?.message).toBe(
      'A reason for the suspension is required',
    );
  });
});
