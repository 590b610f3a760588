import { describe, expect, it } from 'vitest';
import { checkEnrolment } from './enrolment-form.tsx';
import { groupInFours, tokenFromHash } from './enrolment-token.ts';

const TOKEN = 'Fj3kL9mQ2xV7pR4tW8yZ1bN6cD0eG5hJ-_aSdQwErTy';

describe('enrolment link', () => {
  it('takes a 43-character base64url token from the fragment, and nothing else', () => {
    expect(tokenFromHash(`#${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(TOKEN)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash(`#${TOKEN}x`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN.slice(1)}`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN.slice(1)}=`)).toBeNull();
  });

  it('groups the secret in fours', () => {
    expect(groupInFours('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupInFours('ABCDEF')).toBe('ABCD EF');
    expect(groupInFours('')).toBe('');
  });
});

describe('checkEnrolment', () => {
  const good = { password: 'correct horse battery', repeat: 'correct horse battery', totp: '123456' };

  it('lets a good form through', () => {
    expect(checkEnrolment(good, 'noi')).toEqual({});
  });

  it('asks for every field', () => {
    expect(checkEnrolment({ password: '', repeat: '', totp: '' }, 'noi')).toEqual({
      password: 'signIn.required',
      repeat: 'signIn.required',
      totp: 'signIn.required',
    });
  });

  it('holds the operators password policy it can check, and the same password twice', () => {
    expect(checkEnrolment({ ...good, password: 'elevenchars', repeat: 'elevenchars' }, 'noi').password).toBe(
      'enrol.tooShort',
    );
    expect(
      checkEnrolment({ ...good, password: 'twelve chars', repeat: 'twelve chars' }, 'noi').password,
    ).toBeUndefined();
    // Twelve characters, not twelve UTF-16 units: Thai letters and emoji count once each.
    expect(checkEnrolment({ ...good, password: '😀😀😀😀😀😀', repeat: '😀😀😀😀😀😀' }, 'noi').password).toBe(
      'enrol.tooShort',
    );
    expect(checkEnrolment({ ...good, password: 'I am NOI and nobody else' }, 'noi').password).toBe(
      'enrol.containsUsername',
    );
    expect(checkEnrolment({ ...good, repeat: 'correct horse batterx' }, 'noi').repeat).toBe('enrol.mismatch');
    expect(checkEnrolment({ ...good, totp: '12345' }, 'noi').totp).toBe('signIn.totpInvalid');
  });
});
