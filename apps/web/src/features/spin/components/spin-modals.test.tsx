import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { ClaimModal } from './claim-modal.tsx';
import { PrizeModal } from './prize-modal.tsx';

beforeEach(async () => {
  await loadMemberTexts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PrizeModal', () => {
  it('congratulates on the prize and closes with OK or Escape', () => {
    const onClose = vi.fn();
    render(<PrizeModal open label="เครดิตฟรี 50" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(within(dialog).getByText('You won เครดิตฟรี 50')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('on a losing slice says where the wheel stopped instead of congratulating', () => {
    render(<PrizeModal open label="Try again" prizeType="none" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'So close!' });
    expect(within(dialog).getByText('The wheel stopped on Try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('No prize this time. Spin again for another chance.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/You won/)).toBeNull();
  });

  it('renders nothing when closed', () => {
    render(<PrizeModal open={false} label="Jackpot" onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ClaimModal', () => {
  it('shows the prize label and its description, sanitized', () => {
    render(
      <ClaimModal
        open
        label="Jackpot 1,000"
        htmlDescription={
          '<p>Turnover <b>10x</b></p><script>window.claimPwned = 1</script><img src=x onerror="window.claimPwned = 1">'
        }
        onCancel={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Claim prize' });
    expect(within(dialog).getByText('Prize: Jackpot 1,000')).toBeInTheDocument();
    expect(within(dialog).getByText('10x').tagName).toBe('B');
    expect(dialog.querySelector('script, img, [onerror]')).toBeNull();
  });

  it('leaves the description out when there is none', () => {
    render(
      <ClaimModal open label="Try again" htmlDescription="  " onCancel={() => undefined} onConfirm={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelectorAll('p')).toHaveLength(1);
  });

  it('cancels from the cancel button and from Escape', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<ClaimModal open label="Jackpot" onCancel={onCancel} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms once on a double tap', () => {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    render(<ClaimModal open label="Jackpot" onCancel={() => undefined} onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('takes no tap while the claim is running', () => {
    const onConfirm = vi.fn();
    render(<ClaimModal open label="Jackpot" confirming onCancel={() => undefined} onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: /Confirm/ });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
  });
});
