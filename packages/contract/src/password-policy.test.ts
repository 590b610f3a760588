import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';
import { passwordProblem } from './password-policy.ts';

const isCommon = isCommonPassword;

describe('password policy', () => {
  it('passes the demo password for the demo phone', () => {
    expect(passwordProblem('demo1234', { username: '0812345678', isCommon })).toBeNull();
  });

  it('wants at least 8 characters for members, the given least for operators', () => {
    expect(passwordProblem('abc1234')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('abcd1234')).toBeNull();
    expect(passwordProblem('abcd1234efg', { min: 12 })).toBe('PASSWORD_TOO_SHORT');
  });

  it('refuses the username (the phone) anywhere in the password, in any case', () => {
    expect(passwordProblem('0812345678', { username: '0812345678' })).toBe('PASSWORD_CONTAINS_USERNAME');
    expect(passwordProblem('my-0812345678', { username: '0812345678' })).toBe('PASSWORD_CONTAINS_USERNAME');
    expect(passwordProblem('the ALICE.OPS key', { username: 'alice.ops' })).toBe('PASSWORD_CONTAINS_USERNAME');
    expect(passwordProblem('whatever1', { username: '  ' })).toBeNull();
  });

  it('refuses the current password', () => {
    expect(passwordProblem('secret123', { current: 'secret123' })).toBe('PASSWORD_SAME_AS_CURRENT');
    expect(passwordProblem('secret124', { current: 'secret123' })).toBeNull();
  });

  it('refuses common passwords in any case, only when the list is given', () => {
    for (const common of ['password', 'Password1', '12345678', 'QWERTYUIOP', 'iloveyou']) {
      expect(passwordProblem(common, { isCommon }), common).toBe('PASSWORD_TOO_COMMON');
    }
    expect(passwordProblem('password')).toBeNull();
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});
