import type { LimitsResponse, LimitView } from '@member-wallet/contract/safer-play';
import { describe, expect, it } from 'vitest';
import { type LimitValues, readLimitForm, startingValue, startingValues } from './limit-form.ts';

const none: LimitView = { amount: null, used: 0, left: null, pending: null };

function values(overrides: Partial<LimitValues> = {}): LimitValues {
  return {
    'deposit.day': '',
    'deposit.week': '',
    'deposit.month': '',
    'loss.day': '',
    'loss.week': '',
    'loss.month': '',
    ...overrides,
  };
}

describe('the starting value of a limit field', () => {
  it('is the waiting amount when a raise waits, else the amount in force, empty for none', () => {
    expect(startingValue({ amount: 500, used: 100, left: 400, pending: null })).toBe('500.00');
    expect(startingValue({ amount: 500, used: 0, left: 500, pending: { amount: 2500.5, from: 'x' } })).toBe('2500.50');
    // A removal waits: the field shows what it becomes, no limit.
    expect(startingValue({ amount: 500, used: 0, left: 500, pending: { amount: null, from: 'x' } })).toBe('');
    expect(startingValue(none)).toBe('');
  });

  it('fills each field of the form from its own limit', () => {
    const limits: LimitsResponse = {
      message: 'SUCCESS',
      currency: 'BAHT',
      deposit: { day: none, week: { ...none, amount: 7000 }, month: none },
      loss: { day: { ...none, amount: 100 }, week: none, month: none },
    };
    expect(startingValues(limits)).toEqual(values({ 'deposit.week': '7000.00', 'loss.day': '100.00' }));
  });
});

describe('reading the limits form', () => {
  it('sends an empty field as no limit and a typed amount as a number (commas ignored)', () => {
    expect(readLimitForm(values({ 'deposit.day': '1,000.5', 'loss.month': ' 20000 ' }))).toEqual({
      body: {
        deposit: { day: 1000.5, week: null, month: null },
        loss: { day: null, week: null, month: 20000 },
      },
    });
  });

  it('refuses zero, negatives, a third decimal, words and amounts past the maximum', () => {
    for (const text of ['0', '-5', '10.001', 'abc', '100000001']) {
      expect(readLimitForm(values({ 'deposit.day': text })).problems).toEqual({ 'deposit.day': 'amount' });
    }
  });

  it('refuses a longer period set below a shorter one, of the same kind only', () => {
    const form = readLimitForm(values({ 'deposit.day': '500', 'deposit.month': '400', 'loss.week': '10' }));
    expect(form.problems).toEqual({ 'deposit.month': 'order' });
    expect(readLimitForm(values({ 'deposit.day': '500', 'deposit.month': '500' })).body).toBeDefined();
  });
});
