import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/server.ts';
import { changeLocale, loadMemberTexts } from '../../../i18n/i18n.ts';
import { renderWithClient, testBonus, testGrid } from '../test-bonuses.tsx';
import { BonusScreen } from './bonus-screen.tsx';

beforeEach(async () => {
  await loadMemberTexts();
});

/** Answers the page's two loads: the grid and whether a bonus runs (and of which type). */
function serve(grid = [testBonus()], active: { status: boolean; type: string | null } = { status: false, type: null }) {
  server.use(
    http.get('*/api/bonus', () => HttpResponse.json(grid)),
    http.get('*/api/bonus/check/active', () => HttpResponse.json(active)),
  );
}

describe('the running bonus', () => {
  it('shows its translated type and a cancel button instead of the code search', async () => {
    serve(testGrid(), { status: true, type: 'week' });
    renderWithClient(<BonusScreen />);
    expect(await screen.findByRole('heading', { name: 'Bonuses', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('active-bonus-type')).toHaveTextContent('Weekly bonus');
    expect(screen.getByRole('button', { name: 'Cancel bonus' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Promotion code')).toBeNull();
  });

  it('asks in a danger dialog, clears, shows the answer as a toast and shows the search again', async () => {
    let running = true;
    const cleared = vi.fn();
    server.use(
      http.get('*/api/bonus', () => HttpResponse.json(testGrid())),
      http.get('*/api/bonus/check/active', () =>
        HttpResponse.json(running ? { status: true, type: 'limit' } : { status: false, type: null }),
      ),
      http.get('*/api/bonus/clear', () => {
        cleared();
        running = false;
        return HttpResponse.json({ message: 'BONUS_CLEAR', takenBack: 0, fromGames: 0 });
      }),
    );
    const onWalletChanged = vi.fn();
    const { user } = renderWithClient(<BonusScreen onWalletChanged={onWalletChanged} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this bonus?' });
    // The running bonus is the grid's WELCOME: its percentFail is named.
    expect(
      within(dialog).getByText('Cancelling now takes back the bonus and 50% of what you won with it.'),
    ).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel it' });
    expect(confirm.className).toContain('bg-red-700');
    expect(cleared).not.toHaveBeenCalled();
    await user.click(confirm);
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('The bonus has been ended.')).toBeInTheDocument();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(onWalletChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByLabelText('Promotion code')).toBeInTheDocument();
  });

  it('says what a cancel took back, and what is still to come from the game accounts', async () => {
    serve(testGrid(), { status: true, type: 'limit' });
    server.use(
      http.get('*/api/bonus/clear', () => HttpResponse.json({ message: 'SUCCESS', takenBack: 50, fromGames: 30 })),
    );
    const { user } = renderWithClient(<BonusScreen currency="THB" />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus cancelled' });
    expect(dialog).toHaveTextContent(
      '฿50.00 of the bonus was taken back, because its condition was not met before you cancelled it.',
    );
    expect(dialog).toHaveTextContent('฿20.00 left your wallet now.');
    expect(dialog).toHaveTextContent(
      '฿30.00 was in your game accounts: it is taken from the money that next comes back from them to your wallet.',
    );
    // The dialog's own close button (the modal's corner button has the same name).
    const closers = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closers[closers.length - 1] as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    [
      'en',
      'Cancel bonus',
      'Yes, cancel it',
      'Bonus cancelled',
      [
        'Weekly 50: you received ฿100.00 and won ฿20.00 with it. Cancelling before its condition was met takes back the bonus and 50% of the winnings: ฿110.00.',
        'You held ฿60.00 in your wallet and game accounts together, so ฿60.00 was taken back.',
        '฿40.00 left your wallet now.',
      ],
    ],
    [
      'th',
      'ยกเลิกโบนัส',
      'ยืนยันยกเลิก',
      'ยกเลิกโบนัสแล้ว',
      [
        'โบนัสรายสัปดาห์ 50 บาท: คุณได้รับโบนัส ฿100.00 และชนะจากโบนัส ฿20.00 การยกเลิกก่อนผ่านเงื่อนไขจะหักโบนัสคืน พร้อม 50% ของยอดที่ชนะ รวม ฿110.00',
        'ขณะยกเลิกคุณมีเงินในกระเป๋าเงินและบัญชีเกมรวม ฿60.00 จึงหักคืนได้ ฿60.00',
      ],
    ],
    [
      'lo',
      'ຍົກເລີກໂບນັດ',
      'ຢືນຢັນຍົກເລີກ',
      'ຍົກເລີກໂບນັດແລ້ວ',
      [
        'ໂບນັດລາຍອາທິດ 50: ທ່ານໄດ້ຮັບໂບນັດ ฿100.00 ແລະ ຊະນະຈາກໂບນັດ ฿20.00 ການຍົກເລີກກ່ອນຜ່ານເງື່ອນໄຂຈະຫັກໂບນັດຄືນ ພ້ອມ 50% ຂອງຍອດທີ່ຊະນະ ລວມ ฿110.00',
        'ຕອນຍົກເລີກທ່ານມີເງິນໃນກະເປົາເງິນ ແລະ ບັນຊີເກມລວມ ฿60.00 ຈຶ່ງຫັກຄືນໄດ້ ฿60.00',
      ],
    ],
  ])(
    'in %s, says which bonus a cancel took back, with its percentFail of the winnings, and that it held less (issue 21)',
    async (locale, cancel, confirm, title, lines) => {
      await changeLocale(locale as 'th' | 'lo' | 'en');
      try {
        serve(testGrid(), { status: true, type: 'week' });
        const names: Record<string, string> = { th: 'โบนัสรายสัปดาห์ 50 บาท', lo: 'ໂບນັດລາຍອາທິດ 50', en: 'Weekly 50' };
        server.use(
          http.get('*/api/bonus/clear', ({ request }) =>
            HttpResponse.json({
              message: 'SUCCESS',
              takenBack: 60,
              fromGames: 20,
              name: names[request.headers.get('accept-language') ?? 'th'],
              bonus: 100,
              percentFail: 50,
              won: 20,
              due: 110,
            }),
          ),
        );
        const { user } = renderWithClient(<BonusScreen currency="THB" />);
        await user.click(await screen.findByRole('button', { name: cancel }));
        await user.click(screen.getByRole('button', { name: confirm }));
        const dialog = await screen.findByRole('dialog', { name: title });
        for (const line of lines) expect(dialog).toHaveTextContent(line);
        expect(screen.queryByText('Success')).toBeNull();
      } finally {
        await changeLocale('en');
      }
    },
  );

  it('says a cancel that took nothing back in its dialog, not as a bare Success', async () => {
    serve(testGrid(), { status: true, type: 'limit' });
    server.use(
      http.get('*/api/bonus/clear', () =>
        HttpResponse.json({
          message: 'SUCCESS',
          takenBack: 0,
          fromGames: 0,
          name: 'Weekly 50',
          bonus: 100,
          percentFail: 100,
          due: 100,
        }),
      ),
    );
    const { user } = renderWithClient(<BonusScreen currency="THB" />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus cancelled' });
    expect(dialog).toHaveTextContent(
      'Weekly 50: you received ฿100.00. Cancelling before its condition was met takes the bonus back: ฿100.00.',
    );
    expect(dialog).toHaveTextContent(
      'You held ฿0.00 in your wallet and game accounts together, so ฿0.00 was taken back.',
    );
    expect(screen.queryByText('Success')).toBeNull();
  });

  it('keeps the bonus when the member changes their mind', async () => {
    const cleared = vi.fn();
    serve(testGrid(), { status: true, type: 'limit' });
    server.use(
      http.get('*/api/bonus/clear', () => {
        cleared();
        return HttpResponse.json({ message: 'SUCCESS', takenBack: 50, fromGames: 0 });
      }),
    );
    const { user } = renderWithClient(<BonusScreen />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    await user.click(screen.getByRole('button', { name: 'Keep the bonus' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cleared).not.toHaveBeenCalled();
  });

  it('names the percentFail of the promotion a bonus outside the grid came from', async () => {
    serve([testBonus()], { status: true, type: 'limit' });
    server.use(
      http.get('*/api/promotion/current', () =>
        HttpResponse.json({ code: 'WELCOME100', percentFail: 100, description: 'A free 100' }),
      ),
    );
    const { user } = renderWithClient(<BonusScreen />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    expect(
      await screen.findByText('Cancelling now takes back the bonus and 100% of what you won with it.'),
    ).toBeInTheDocument();
  });

  it("says what the cancel of a promotion code's bonus took back, though the page drops the bonus first", async () => {
    // The grid does not list a promotion's bonus: the page also reads the current promotion, whose reading again
    // after the cancel ends last; the bonus's part of the page is gone by then.
    let running = true;
    const onWalletChanged = vi.fn();
    server.use(
      http.get('*/api/bonus', () => HttpResponse.json([testBonus()])),
      http.get('*/api/bonus/check/active', () =>
        HttpResponse.json(running ? { status: true, type: 'limit' } : { status: false, type: null }),
      ),
      http.get('*/api/promotion/current', async () => {
        if (!running) await new Promise((resolve) => setTimeout(resolve, 300));
        return HttpResponse.json(running ? { code: 'WELCOME100', percentFail: 100, description: 'A free 100' } : null);
      }),
      http.get('*/api/bonus/clear', () => {
        running = false;
        const answer = { message: 'SUCCESS', takenBack: 100, fromGames: 0 };
        return HttpResponse.json({ ...answer, name: 'Promotion WELCOME100', bonus: 100, percentFail: 100, due: 100 });
      }),
    );
    const { user } = renderWithClient(<BonusScreen currency="THB" onWalletChanged={onWalletChanged} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus cancelled' }, { timeout: 3000 });
    expect(dialog).toHaveTextContent('Promotion WELCOME100: you received ฿100.00.');
    expect(onWalletChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the cancel-bonus-failed alert with the reason and a close button when the clear fails', async () => {
    serve(testGrid(), { status: true, type: 'day' });
    server.use(http.get('*/api/bonus/clear', () => HttpResponse.json({ message: 'NO_DATA' }, { status: 404 })));
    const { user } = renderWithClient(<BonusScreen />);
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    const alert = await screen.findByRole('dialog', { name: 'Could not cancel the bonus' });
    expect(within(alert).getByRole('alert')).toHaveTextContent('No data found.');
    // The dialog's own close icon and the alert's close button both read Close: the button is the last one.
    const closers = within(alert).getAllByRole('button', { name: 'Close' });
    expect(closers).toHaveLength(2);
    await user.click(closers[1] as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('active-bonus-type')).toHaveTextContent('Daily bonus');
  });
});

describe('the promotion-code search', () => {
  it('upper-cases the code as it is typed and requires one', async () => {
    const searched = vi.fn();
    serve();
    server.use(
      http.get('*/api/promotion/find/:code', ({ params }) => {
        searched(params.code);
        return HttpResponse.json(null);
      }),
    );
    const { user } = renderWithClient(<BonusScreen />);
    const input = await screen.findByLabelText('Promotion code');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a promotion code.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a promotion code.');
    await user.clear(input);
    await user.type(input, 'welcome100');
    expect(input).toHaveValue('WELCOME100');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('dialog', { name: 'Promotion code WELCOME100' });
    await waitFor(() => expect(searched).toHaveBeenCalledWith('WELCOME100'));
  });

  it('shows searching, then the found promotion', async () => {
    serve();
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/promotion/find/WELCOME100', async () => {
        await held;
        return HttpResponse.json({ code: 'WELCOME100', percentFail: 100, description: '<p>A <b>free</b> 100</p>' });
      }),
    );
    const { user } = renderWithClient(<BonusScreen />);
    await user.type(await screen.findByLabelText('Promotion code'), 'welcome100');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Promotion code WELCOME100' });
    expect(within(dialog).getByText('Searching…')).toBeInTheDocument();
    answer();
    expect(await within(dialog).findByText('free')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Cancelling early takes the bonus back, with 100% of what you won with it.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receive promotion' })).toBeEnabled();
    expect(within(dialog).queryByText('Searching…')).toBeNull();
  });

  it('says so when no promotion has the code', async () => {
    serve();
    server.use(http.get('*/api/promotion/find/:code', () => HttpResponse.json(null)));
    const { user } = renderWithClient(<BonusScreen />);
    await user.type(await screen.findByLabelText('Promotion code'), 'nosuch');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Promotion code NOSUCH' });
    expect(await within(dialog).findByText('No promotion has this code.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Receive promotion' })).toBeNull();
  });

  it('receives a found promotion: success dialog, the page and the wallet refreshed', async () => {
    let running = false;
    server.use(
      http.get('*/api/bonus', () => HttpResponse.json([testBonus()])),
      http.get('*/api/bonus/check/active', () =>
        HttpResponse.json(running ? { status: true, type: 'limit' } : { status: false, type: null }),
      ),
      http.get('*/api/promotion/find/WELCOME100', () =>
        HttpResponse.json({ code: 'WELCOME100', percentFail: 100, description: 'A free 100' }),
      ),
      http.get('*/api/promotion/activate/WELCOME100', () => {
        running = true;
        return HttpResponse.json({ _id: 'ub-9', isActive: true, received: [{ updatedAt: '2026-11-23T01:00:00Z' }] });
      }),
      http.get('*/api/promotion/current', () =>
        HttpResponse.json({ code: 'WELCOME100', percentFail: 100, description: 'A free 100' }),
      ),
    );
    const onWalletChanged = vi.fn();
    const { user } = renderWithClient(<BonusScreen onWalletChanged={onWalletChanged} />);
    await user.type(await screen.findByLabelText('Promotion code'), 'welcome100');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Receive promotion' }));
    const result = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(result).getByText('The bonus has been added to your wallet.')).toBeInTheDocument();
    expect(onWalletChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Promotion code WELCOME100' })).toBeNull();
    expect(await screen.findByTestId('active-bonus-type')).toHaveTextContent('Limited bonus');
  });
});

describe('the grid', () => {
  it('marks the running bonus, disables a received one and opens any other', async () => {
    serve(testGrid(), { status: true, type: 'limit' });
    const { user } = renderWithClient(<BonusScreen />);
    const current = await screen.findByRole('button', { name: /Welcome 100%/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(current).toBeEnabled();

    const received = screen.getByRole('button', { name: /Daily 10%/ });
    expect(received).toBeDisabled();
    expect(within(received).getByText('Received')).toBeInTheDocument();
    expect(received).not.toHaveAttribute('aria-current');

    const open = screen.getByRole('button', { name: 'Weekly 50' });
    expect(open).toBeEnabled();
    // The first banner's image is the card's background.
    expect(open.querySelector('img')).toHaveAttribute('src', '/media/bonus/banner-weekly.svg');
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Bonus details' });
    expect(within(dialog).getByText('Weekly 50', { selector: 'p' })).toBeInTheDocument();
  });

  it('receives a bonus from its modal: success dialog and the card becomes the running one', async () => {
    let running = false;
    const activations: string[] = [];
    server.use(
      http.get('*/api/bonus', () =>
        HttpResponse.json([
          testBonus({
            userBonus: running
              ? { _id: 'ub-3', isActive: true, received: [{ updatedAt: '2026-11-23T01:00:00Z' }] }
              : null,
          }),
        ]),
      ),
      http.get('*/api/bonus/check/active', () =>
        HttpResponse.json(running ? { status: true, type: 'week' } : { status: false, type: null }),
      ),
      http.get('*/api/bonus/activate/:code', ({ params }) => {
        activations.push(String(params.code));
        running = true;
        return HttpResponse.json({ _id: 'ub-3', isActive: true, received: [{ updatedAt: '2026-11-23T01:00:00Z' }] });
      }),
    );
    const onWalletChanged = vi.fn();
    const { user } = renderWithClient(<BonusScreen onWalletChanged={onWalletChanged} />);
    await user.click(await screen.findByRole('button', { name: 'Weekly 50' }));
    await user.click(screen.getByRole('button', { name: 'Receive bonus' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toBeInTheDocument();
    expect(activations).toEqual(['WEEKLY50']);
    expect(onWalletChanged).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('active-bonus-type')).toHaveTextContent('Weekly bonus');
    expect(screen.getByRole('button', { name: /Weekly 50/ })).toHaveAttribute('aria-current', 'true');
  });

  it('says when there are no bonuses', async () => {
    serve([]);
    renderWithClient(<BonusScreen />);
    expect(await screen.findByText('No bonuses right now.')).toBeInTheDocument();
  });

  it('offers a retry when the page cannot load', async () => {
    server.use(
      http.get('*/api/bonus', () => HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: 500 })),
      http.get('*/api/bonus/check/active', () => HttpResponse.json({ status: false, type: null })),
    );
    const { user } = renderWithClient(<BonusScreen />);
    expect(await screen.findByText('Could not load this information.')).toBeInTheDocument();
    serve();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Weekly 50' })).toBeInTheDocument();
  });
});
