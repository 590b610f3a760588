import type { OperatorSummary } from '@member-wallet/contract/backoffice/operator-accounts';
import { describe, expect, it } from 'vitest';
import { enrolmentLinkState } from './operator-state.ts';

const NOW = Date.parse('2026-11-23T03:00:00.000Z');

function operator(overrides: Partial<OperatorSummary>): OperatorSummary {
  return {
    id: '3',
    username: 'carol',
    displayName: null,
    role: 'support',
    state: 'enrolling',
    createdAt: '2026-11-22T03:00:00.000Z',
    lastSignInAt: null,
    enrolmentExpiresAt: '2026-11-23T03:00:01.000Z',
    pendingRole: null,
    ...overrides,
  };
}

describe('enrolmentLinkState', () => {
  it('is open until the expiry, then expired', () => {
    expect(enrolmentLinkState(operator({}), NOW)).toBe('open');
    expect(enrolmentLinkState(operator({ enrolmentExpiresAt: '2026-11-23T03:00:00.000Z' }), NOW)).toBe('expired');
    expect(enrolmentLinkState(operator({ enrolmentExpiresAt: null }), NOW)).toBe('expired');
  });

  it('is none for an operator not waiting for enrolment', () => {
    expect(enrolmentLinkState(operator({ state: 'active' }), NOW)).toBe('none');
    expect(enrolmentLinkState(operator({ state: 'disabled', enrolmentExpiresAt: null }), NOW)).toBe('none');
  });
});
