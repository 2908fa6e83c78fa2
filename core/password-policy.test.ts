import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it('accepts 8 characters without composition rules', () => {
    expect(passwordProblem('tatami mat')).toBeNull();
  });
  it('refuses short, overly long and very common passwords with the right message', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem('short1!')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('Password123')).toBe(PASSWORD_MESSAGES.common);
  });
  it('counts characters, not UTF-16 units, so 8 emoji are long enough', () => {
    expect(passwordProblem('🥋🥋🥋🥋🥋🥋🥋🥋')).toBeNull();
    expect(passwordProblem('🥋🥋🥋🥋')).toBe(PASSWORD_MESSAGES.tooShort);
  });
});
