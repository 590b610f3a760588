import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/server.ts';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { renderWithClient, testBonus } from '../test-bonuses.tsx';
import { BonusModal } from './bonus-modal.tsx';

declare global {
  interface Window {
    bonusPwned?: number;
  }
}

beforeEach(async () => {
  await loadMemberTexts();
});

afterEach(() => {
  delete window.bonusPwned;
});

const WELCOME = testBonus({
  code: 'WELCOME',
  type: 'limit',
  maxReceived: 1,
  percentFail: 50,
  name: 'Welcome 100%',
  description: '100% of your latest deposit',
  banners: [
    { image: '/media/bonus/banner-welcome.svg', html: '<p><b>Welcome 100%</b>: win 5 times the bonus.</p>' },
    { image: '/media/bonus/banner-promo.svg', html: '<p>Cancel early and %percentFail%% is taken back.</p>' },
  ],
});

function open(bonus = WELCOME, bonusRunning = false) {
  const onClose = vi.fn();
  const onReceived = vi.fn();
  const view = renderWithClient(
    <BonusModal bonus={bonus} bonusRunning={bonusRunning} onClose={onClose} onReceived={onReceived} />,
  );
  return { ...view, onClose, onReceived, dialog: screen.getByRole('dialog', { name: 'Bonus details' }) };
}

describe('BonusModal', () => {
  it("shows the notice with the bonus's percentFail, and fills it into the banners too", async () => {
    const { dialog, user } = open();
    expect(within(dialog).getByText('Welcome 100%', { selector: 'p' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Cancelling the bonus before its condition is met takes it back, with 50% of what you won with it.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/%percentFail%/)).toBeNull();
    expect(within(dialog).getByText('100% of your latest deposit')).toBeInTheDocument();
    expect(within(dialog).getByText('Welcome 100%', { selector: 'b' })).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/bonus/banner-welcome.svg');
    await user.click(within(dialog).getByRole('button', { name: 'Next banner' }));
    expect(within(dialog).getByText('Cancel early and 50% is taken back.')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/bonus/banner-promo.svg');
    expect(within(dialog).getByRole('group', { name: '2 of 2' })).toBeInTheDocument();
  });

  it('receives the bonus through GET /api/bonus/activate/{code}', async () => {
    const codes: string[] = [];
    server.use(
      http.get('*/api/bonus/activate/:code', ({ params }) => {
        codes.push(String(params.code));
        return HttpResponse.json({ _id: 'ub-1', isActive: true, received: [{ updatedAt: '2026-11-23T01:00:00Z' }] });
      }),
    );
    const { dialog, user, onReceived } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
    await vi.waitFor(() => expect(onReceived).toHaveBeenCalledTimes(1));
    expect(codes).toEqual(['WELCOME']);
  });

  it.each([
    ['BONUS_CONDITION', 'The bonus conditions are not met yet.'],
    ['BONUS_MAX_CLAIMED', 'You have received this bonus the maximum number of times.'],
    ['BONUS_ALREADY_ACTIVE', 'A bonus is already active.'],
    ['BONUS_FULL', 'This bonus is fully claimed.'],
  ])('shows the error dialog with the text of %s when the server refuses', async (code, says) => {
    server.use(http.get('*/api/bonus/activate/:code', () => HttpResponse.json({ message: code }, { status: 409 })));
    const { dialog, user, onReceived } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
    const error = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(error).getByText(says)).toBeInTheDocument();
    expect(onReceived).not.toHaveBeenCalled();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Something went wrong' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Bonus details' })).toBeInTheDocument();
  });

  it('offers confirm, which only closes, when this bonus is the running one', async () => {
    const activate = vi.fn();
    server.use(
      http.get('*/api/bonus/activate/:code', () => {
        activate();
        return HttpResponse.json({ message: 'BONUS_ALREADY_ACTIVE' }, { status: 409 });
      }),
    );
    const running = { ...WELCOME, userBonus: { _id: 'ub-1', isActive: true, received: [] } };
    const { dialog, user, onClose } = open(running, true);
    expect(within(dialog).queryByRole('button', { name: 'Receive bonus' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(activate).not.toHaveBeenCalled();
  });

  it('disables receive and says why while another bonus runs', () => {
    const { dialog } = open(WELCOME, true);
    expect(within(dialog).getByRole('button', { name: 'Receive bonus' })).toBeDisabled();
    expect(within(dialog).getByText('A bonus is already active.')).toBeInTheDocument();
  });

  it('never runs what an operator banner or description smuggles in', () => {
    const hostile = testBonus({
      name: 'Hostile',
      description: '<p>Terms</p><img src=x onerror="window.bonusPwned = 1">',
      banners: [
        {
          image: 'javascript:window.bonusPwned=1',
          html:
            '<p>Read <b>this</b></p><script>window.bonusPwned = 1</script>' +
            '<img src="x" onerror="window.bonusPwned = 1"><p onclick="window.bonusPwned = 1">tap</p>' +
            '<a href="javascript:window.bonusPwned = 1">terms</a><a href="https://example.test/terms">more</a>',
        },
      ],
    });
    const { dialog } = open(hostile);
    expect(within(dialog).getByText('this').tagName).toBe('B');
    expect(dialog.querySelector('script')).toBeNull();
    const attributes = Array.from(dialog.querySelectorAll('*')).flatMap((element) =>
      Array.from(element.attributes).map((attribute) => `${attribute.name}=${attribute.value}`),
    );
    expect(attributes.filter((attribute) => /^on/i.test(attribute))).toEqual([]);
    expect(attributes.filter((attribute) => /javascript:/i.test(attribute))).toEqual([]);
    expect(within(dialog).getByText('terms')).not.toHaveAttribute('href');
    expect(within(dialog).getByText('more')).toHaveAttribute('href', 'https://example.test/terms');
    // The banner image with a javascript: URL is left out rather than given to an <img>.
    expect(dialog.querySelector('img')).toBeNull();
    expect(window.bonusPwned).toBeUndefined();
  });
});
