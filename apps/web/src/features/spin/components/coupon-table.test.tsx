import type { SpinCoupon } from '@member-wallet/contract/spin';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { SLICES } from '../test-slices.ts';
import { CouponTable, type CouponTableProps } from './coupon-table.tsx';

function coupon(
  id: number,
  slice: string,
  name: string,
  amount: number,
  overrides: Partial<SpinCoupon> = {},
): SpinCoupon {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    prize: { slice, name },
    type: 'cash',
    amount,
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    claimedAt: null,
    claimable: true,
    ...overrides,
  };
}

const COUPONS: SpinCoupon[] = [
  coupon(1, 'A', 'Free credit', 50),
  coupon(2, 'B', 'Credit', 1234.5, { claimedAt: '2026-11-21T10:00:00.000Z', claimable: false }),
  coupon(3, 'D', 'Jackpot', 1000),
  coupon(4, 'A', 'Free credit', 0.1, { claimable: false }),
  coupon(5, 'X', 'Retired slice', 7, { type: 'item', amount: 0, claimable: false }),
];

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

beforeEach(async () => {
  await loadMemberTexts();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The table at a page of COUPONS (as the server would answer it: 3 a page of the 5). */
function renderPage(page: number, props: Partial<CouponTableProps> = {}) {
  const first = (page - 1) * 3;
  return render(
    <CouponTable
      coupons={COUPONS.slice(first, first + 3)}
      page={page}
      total={COUPONS.length}
      claimableTotal={2}
      slices={SLICES}
      onPageChange={() => undefined}
      onClaim={() => undefined}
      {...props}
    />,
  );
}

describe('CouponTable', () => {
  it('shows the page of coupons with number, slice label, name and a 2-decimal amount', () => {
    renderPage(1);
    const rows = bodyRows();
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'เครดิตฟรี 50Free credit', '50.00', 'Claim']);
    expect(within(rows[1] as HTMLElement).getByText('1,234.50')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(screen.getByText('2 coupons to claim')).toBeInTheDocument();
  });

  it('shows the prize name once when it is the slice label', () => {
    render(
      <CouponTable
        coupons={[coupon(1, 'C', 'Try again', 0)]}
        page={1}
        total={1}
        claimableTotal={1}
        slices={SLICES}
        onPageChange={() => undefined}
        onClaim={() => undefined}
      />,
    );
    const [row] = bodyRows();
    expect(within(row as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^Try again$/);
    expect(screen.getByText('1 coupon to claim')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('asks for the next and previous pages, and numbers the rows of a later page on from the earlier ones', () => {
    const onPageChange = vi.fn();
    const { unmount } = renderPage(1, { onPageChange });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    unmount();

    renderPage(2, { onPageChange, loading: true });
    const rows = bodyRows();
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(within(rows[0] as HTMLElement).getByText('0.10')).toBeInTheDocument();
    // A coupon of a slice the wheel no longer has shows its prize name alone.
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^Retired slice$/);
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables the claim of a coupon that cannot be claimed, saying why', () => {
    const onClaim = vi.fn();
    const { unmount } = renderPage(1, { onClaim, claimableTotal: 0 });
    expect(screen.queryByText(/to claim/)).not.toBeInTheDocument();
    const claimed = screen.getByRole('button', { name: 'Claim coupon 2: Credit' });
    expect(claimed).toBeDisabled();
    expect(claimed).toHaveTextContent('Claimed');
    fireEvent.click(claimed);
    expect(onClaim).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Claim coupon 1: Free credit' })).toBeEnabled();
    unmount();
    renderPage(2, { onClaim });
    const expired = screen.getByRole('button', { name: 'Claim coupon 4: Free credit' });
    expect(expired).toBeDisabled();
    expect(expired).toHaveTextContent('Expired');
    const item = screen.getByRole('button', { name: 'Claim coupon 5: Retired slice' });
    expect(item).toBeDisabled();
    expect(item).toHaveTextContent('Claim');
  });

  it('claims once on a double tap, and again after 500 ms of quiet', () => {
    vi.useFakeTimers();
    const onClaim = vi.fn();
    renderPage(1, { onClaim });
    const button = screen.getByRole('button', { name: 'Claim coupon 1: Free credit' });
    fireEvent.click(button);
    expect(onClaim).toHaveBeenCalledTimes(1);
    expect(onClaim).toHaveBeenLastCalledWith(COUPONS[0]);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(499));
    fireEvent.click(screen.getByRole('button', { name: 'Claim coupon 3: Jackpot' }));
    expect(onClaim).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'Claim coupon 3: Jackpot' }));
    expect(onClaim).toHaveBeenCalledTimes(2);
    expect(onClaim).toHaveBeenLastCalledWith(COUPONS[2]);
  });

  it('says so when there are no coupons', () => {
    render(
      <CouponTable
        coupons={[]}
        page={1}
        total={0}
        claimableTotal={0}
        slices={SLICES}
        onPageChange={() => undefined}
        onClaim={() => undefined}
      />,
    );
    expect(screen.getByText('No coupons yet. Spin the wheel to win one.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
