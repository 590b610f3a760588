import type { BankAccountToCheck } from '@member-wallet/contract/backoffice/members';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function account(overrides: Partial<BankAccountToCheck> = {}): BankAccountToCheck {
  return {
    holder: 'member',
    id: 'MEMBER02',
    bankCode: 'KBANK',
    accountNo: '01234567890',
    min: 10,
    max: 10,
    sameDigitsAs: ['MEMBER01'],
    createdAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  };
}

function list(accounts: BankAccountToCheck[], total = accounts.length) {
  server.use(http.get('*/backoffice/api/bank-accounts-to-check', () => HttpResponse.json({ total, accounts })));
}

describe('bank account numbers to check', () => {
  it("lists each stored number that does not fit its bank, the bank's length and the real account it copies", async () => {
    list([
      account(),
      account({
        holder: 'deposit_channel',
        id: '7',
        bankCode: 'TISCO',
        accountNo: '123',
        min: 7,
        max: 14,
        sameDigitsAs: [],
      }),
    ]);
    renderApp('/bank-accounts-to-check');
    const [member, channel] = await screen.findAllByTestId('bank-account-to-check');
    expect(member).toHaveTextContent('KBANK 01234567890');
    expect(member).toHaveTextContent('11 digits; this bank uses 10');
    expect(within(member as HTMLElement).getByRole('link', { name: 'Member MEMBER02' })).toHaveAttribute(
      'href',
      '/backoffice/members/MEMBER02',
    );
    expect(within(member as HTMLElement).getByRole('link', { name: 'MEMBER01' })).toHaveAttribute(
      'href',
      '/backoffice/members/MEMBER01',
    );
    expect(member).toHaveTextContent('Same digits but for leading zeros as');
    expect(channel).toHaveTextContent('Deposit channel 7');
    expect(channel).toHaveTextContent('3 digits; this bank uses 7 to 14');
    expect(channel).not.toHaveTextContent('Same digits');
    expect(screen.getByText('To check: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Numbers to check' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when every stored number fits, and when the list shows only the oldest', async () => {
    list([]);
    const { unmount } = renderApp('/bank-accounts-to-check');
    expect(await screen.findByText('Every stored bank account number fits its bank.')).toBeInTheDocument();
    unmount();
    list([account()], 501);
    renderApp('/bank-accounts-to-check');
    expect(await screen.findByText('To check: 501; the oldest 1 are shown')).toBeInTheDocument();
  });

  it('is open to every role, read-only', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })));
    list([account()]);
    renderApp('/bank-accounts-to-check');
    await screen.findAllByTestId('bank-account-to-check');
    expect(screen.queryByRole('button', { name: /approve|reject|change/i })).toBeNull();
  });
});
