import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskAccount } from '../../sandbox/mask.ts';
import { decide, fitting } from '../bank-feed/bank-feed.matcher.ts';

/**
 * The matching rule over random members and transfers (docs/deposits/masked-accounts.md). Accounts are drawn from
 * two digits and names from three, so that members often share the visible digits and the names: whatever the
 * bank shows of a transfer (masked as the banks do, the name whole, cut or missing), the rule credits the member
 * who sent it or nobody, and nobody exactly when another member fits what is shown.
 */
const NAMES = ['somchai jaidee', 'somchai jaiyen', 'somsak rakthai'];

const member = fc.record({
  account: fc.stringMatching(/^[01]{10}$/),
  name: fc.constantFrom(...NAMES),
  status: fc.constantFrom('active' as const, 'active' as const, 'inactive' as const),
});

const shownName = (name: string, form: number): string | null => {
  const [first = '', last = ''] = name.split(' ');
  const forms = [
    null,
    `MR. ${first} ${last}`.toUpperCase(),
    `Mr ${first} ${last.slice(0, 1)}`,
    `${first} ${last.slice(0, 3)}***`,
  ];
  return forms[form] ?? null;
};

describe('matching masked transfers, over random members', () => {
  it('credits the sender or nobody, and nobody exactly when someone else fits too', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(member, { minLength: 1, maxLength: 8, selector: (candidate) => candidate.account }),
        fc.nat(),
        fc.integer({ min: 0, max: 3 }),
        (drawn, pick, form) => {
          const members = drawn.map((item, index) => ({
            id: BigInt(index + 1),
            currency: 'BAHT',
            status: item.status,
            bank_account_no: item.account,
            bank_account_name: item.name,
          }));
          const sender = members[pick % members.length];
          if (!sender) return;
          const shown = maskAccount(sender.bank_account_no);
          const name = shownName(sender.bank_account_name, form);
          const candidates = fitting(members, shown, name);
          const outcome = decide(candidates, 'BAHT');
          expect(candidates).toContain(sender);
          if ('memberId' in outcome) {
            expect(outcome.memberId).toBe(sender.id);
            expect(candidates).toHaveLength(1);
            expect(sender.status).toBe('active');
          } else if (candidates.length > 1) {
            expect(outcome.reason).toBe('several_members');
          } else {
            expect(outcome.reason).toBe('member_inactive');
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
