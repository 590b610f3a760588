import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import type {
  BackofficeBonus,
  BannersResponseAll,
  InviteSettingsValue,
  SpinSettingsResponse,
} from '@member-wallet/contract/backoffice/promotions';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function bonus(overrides: Partial<BackofficeBonus> = {}): BackofficeBonus {
  return {
    code: 'WELCOME',
    kind: 'bonus',
    type: 'limit',
    currency: 'BAHT',
    maxReceived: 1,
    totalMax: null,
    percentFail: 50,
    amountRule: 'fixed',
    amountMinor: '10000',
    depositPercent: null,
    amountCapMinor: null,
    depositWindowHours: null,
    winMultiple: 5,
    endBelowMinor: '1000',
    names: { th: 'ต้อนรับ', lo: '', en: 'Welcome' },
    descriptions: { th: 'รายละเอียด', lo: '', en: 'About' },
    banners: [{ image: '/media/bonus/banner-welcome.svg', html: '<p>hi</p>' }],
    sortOrder: 0,
    active: true,
    createdAt: '2026-11-22T17:05:09.000Z',
    received: 3,
    ...overrides,
  };
}

const WHEEL: SpinSettingsResponse = {
  wheel: {
    active: true,
    name: { th: 'วงล้อ', lo: '', en: 'Wheel' },
    slices: [
      {
        code: 'CASH_10',
        label: { th: '10 บาท', lo: '', en: '10 baht' },
        bgColor: '#C62828',
        textColor: '#FFFFFF',
        weight: 3,
        prize: { type: 'cash', amount: { BAHT: 10, LAK: 3000 } },
      },
      {
        code: 'NONE',
        label: { th: 'ลองใหม่', lo: '', en: 'Try again' },
        bgColor: '#FFF8E1',
        textColor: '#212121',
        weight: 1,
        prize: { type: 'none' },
      },
    ],
  },
  rules: {
    depositPerCoin: { BAHT: 100, LAK: 30000 },
    couponExpiryHours: 168,
    prizeWinMultiple: 3,
    prizePercentFail: 80,
  },
};

let calls: { method: string; url: string; body: unknown }[];

/** Records a call the screen made, and answers its JSON body. */
async function record(request: Request) {
  const body = request.headers.get('content-type')?.includes('json') ? await request.json() : null;
  calls.push({ method: request.method, url: new URL(request.url).pathname + new URL(request.url).search, body });
  return body;
}

/** A change as the server answers it when it waits for a second admin (202). */
function waiting(target: string, before: unknown, after: unknown): PendingChange {
  const kind = target.startsWith('bonus:')
    ? 'promotions.bonus'
    : target === 'setting:spin'
      ? 'promotions.spin'
      : 'promotions.invite';
  return {
    id: '31',
    kind,
    target,
    before,
    after,
    status: 'pending',
    proposedBy: OPERATOR.username,
    proposedAt: '2026-11-23T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
  };
}
let inviteValue: InviteSettingsValue;
let banners: BannersResponseAll;
let uploadRefused: boolean;

beforeEach(() => {
  calls = [];
  uploadRefused = false;
  inviteValue = { enabled: false, percent: 5, successPercent: 80, collectMinimum: 0 };
  banners = {
    invite: { th: [{ image: '/media/uploads/a.png', html: '<p>ชวน</p>' }], lo: null, en: null },
    refund: { th: null, lo: null, en: null },
  };
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'admin' })),
    http.get('*/backoffice/api/bonuses', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      const list = kind === 'promotion' ? [bonus({ code: 'PROMO1', kind: 'promotion' })] : [bonus()];
      return HttpResponse.json({ total: list.length, bonuses: list });
    }),
    http.post('*/backoffice/api/bonuses', async ({ request }) => {
      const body = (await record(request)) as BackofficeBonus;
      return HttpResponse.json({ ...body, createdAt: '2026-11-23T00:00:00.000Z', received: 0 });
    }),
    http.put('*/backoffice/api/bonuses/:code', async ({ request, params }) => {
      const body = (await record(request)) as BackofficeBonus;
      return HttpResponse.json({ ...bonus(), ...body, code: String(params.code) });
    }),
    http.get('*/backoffice/api/promotions/invite', () => HttpResponse.json(inviteValue)),
    http.put('*/backoffice/api/promotions/invite', async ({ request }) => {
      inviteValue = (await record(request)) as InviteSettingsValue;
      return HttpResponse.json(inviteValue);
    }),
    http.get('*/backoffice/api/promotions/spin', () => HttpResponse.json(WHEEL)),
    http.put('*/backoffice/api/promotions/spin', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'KEY_INVALID', fields: { 'wheel.slices': 'KEY_INVALID' } }, { status: 400 });
    }),
    http.get('*/backoffice/api/promotions/banners', () => HttpResponse.json(banners)),
    http.put('*/backoffice/api/promotions/banners/:programme/:locale', async ({ request, params }) => {
      const body = (await record(request)) as { banners: BannersResponseAll['invite']['th'] };
      const programme = params.programme as 'invite' | 'refund';
      banners = { ...banners, [programme]: { ...banners[programme], [String(params.locale)]: body.banners } };
      return HttpResponse.json(banners);
    }),
    http.post('*/backoffice/api/media', ({ request }) => {
      calls.push({ method: 'POST', url: new URL(request.url).pathname, body: null });
      // The server judges the file by its bytes; jsdom's FormData does not reach msw as multipart, so each test
      // says what the server answers.
      return uploadRefused
        ? HttpResponse.json({ message: 'MEDIA_INVALID_FILE' }, { status: 400 })
        : HttpResponse.json({ url: '/media/uploads/0123456789abcdef0123456789abcdef.png' });
    }),
  );
});

async function openPromotions() {
  const view = renderApp('/promotions');
  await screen.findByRole('heading', { name: 'Promotions' });
  return view;
}

describe('promotions', () => {
  it('is in the menu for admins only', async () => {
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Promotions' })).toBeInTheDocument();
    unmount();
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json(OPERATOR)));
    renderApp('/promotions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators may change the promotions.');
    expect(screen.queryByRole('link', { name: 'Promotions' })).toBeNull();
  });

  it('lists bonuses and creates one, sending minor units and every term', async () => {
    const { user } = await openPromotions();
    const card = await screen.findByTestId('bonus-WELCOME');
    expect(card).toHaveTextContent('ต้อนรับ');
    expect(card).toHaveTextContent('received 3 times');
    await user.click(screen.getByRole('button', { name: 'New bonus' }));
    const form = screen.getByRole('form', { name: 'Bonus' });
    await user.type(within(form).getByLabelText('Code'), 'daily_20');
    await user.type(within(form).getByLabelText('Amount (baht or kip)'), '20.5');
    await user.clear(within(form).getByLabelText('Floor (baht or kip)'));
    await user.type(within(form).getByLabelText('Floor (baht or kip)'), '5');
    await user.type(within(form).getByLabelText('Name'), 'รายวัน');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/backoffice/api/bonuses',
      body: {
        code: 'DAILY_20',
        kind: 'bonus',
        amountRule: 'fixed',
        amountMinor: '2050',
        endBelowMinor: '500',
        depositPercent: null,
        totalMax: null,
        names: { th: 'รายวัน', lo: '', en: '' },
        active: true,
      },
    });
    // Back to the list once saved.
    expect(await screen.findByTestId('bonus-WELCOME')).toBeInTheDocument();
  });

  it('shows what is wrong in the form and sends nothing', async () => {
    const { user } = await openPromotions();
    await user.click(await screen.findByRole('button', { name: 'New bonus' }));
    const form = screen.getByRole('form', { name: 'Bonus' });
    await user.type(within(form).getByLabelText('Code'), 'bad code');
    await user.type(within(form).getByLabelText('Amount (baht or kip)'), '1.234');
    await user.clear(within(form).getByLabelText('Taken back when cancelled (%)'));
    await user.type(within(form).getByLabelText('Taken back when cancelled (%)'), '101');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('Use A-Z, 0-9, _ and - only, at most 32.');
    expect(within(form).getByLabelText('Amount (baht or kip)')).toHaveAccessibleDescription('Not a valid value.');
    expect(within(form).getByLabelText('Taken back when cancelled (%)')).toHaveAccessibleDescription(
      'Not a valid value.',
    );
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Required.');
    expect(calls).toEqual([]);
  });

  it('edits a bonus: renames it and retires it', async () => {
    const { user } = await openPromotions();
    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME' }));
    const form = screen.getByRole('form', { name: 'Bonus' });
    expect(within(form).getByLabelText('Amount (baht or kip)')).toHaveValue('100.00');
    await user.click(within(form).getByRole('tab', { name: 'English' }));
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Big welcome');
    await user.click(within(form).getByLabelText('Active (members can see and receive it)'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/backoffice/api/bonuses/WELCOME');
    expect(calls[0]?.body).toMatchObject({
      names: { th: 'ต้อนรับ', lo: '', en: 'Big welcome' },
      active: false,
      amountMinor: '10000',
      banners: [{ image: '/media/bonus/banner-welcome.svg', html: '<p>hi</p>' }],
    });
    expect(calls[0]?.body).not.toHaveProperty('code');
  });

  it('warns, as the operator types, of terms that pay the bonus out without play, and still saves them', async () => {
    const { user } = await openPromotions();
    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME' }));
    const form = screen.getByRole('form', { name: 'Bonus' });
    expect(within(form).queryByTestId('bonus-terms-warnings')).toBeNull();
    const multiple = within(form).getByLabelText('Ends when winnings exceed this many times the bonus');
    await user.clear(multiple);
    await user.type(multiple, '0');
    const warnings = within(form).getByTestId('bonus-terms-warnings');
    expect(warnings).toHaveTextContent('Any win, however small, ends this bonus');
    expect(warnings).not.toHaveTextContent('floor');
    const floor = within(form).getByLabelText('Floor (baht or kip)');
    await user.clear(floor);
    await user.type(floor, '100');
    expect(warnings).toHaveTextContent('The floor (100.00 BAHT) is not below the bonus (100.00 BAHT)');
    await user.clear(multiple);
    await user.type(multiple, '2');
    expect(warnings).not.toHaveTextContent('Any win');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ winMultiple: 2, endBelowMinor: '10000' });
  });

  it('lists promotion codes on their own tab', async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Promotion codes' }));
    expect(await screen.findByTestId('bonus-PROMO1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New promotion code' })).toBeInTheDocument();
  });

  it('exports the promotion codes as CSV, and says why when the export fails', async () => {
    let asked: URL | undefined;
    let fail = true;
    server.use(
      http.get('*/backoffice/api/bonuses.csv', ({ request }) => {
        asked = new URL(request.url);
        if (fail) return HttpResponse.json({ message: 'FORBIDDEN' }, { status: 403 });
        return new HttpResponse('\uFEFFcode\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Promotion codes' }));
    await screen.findByTestId('bonus-PROMO1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
    expect(created).toEqual([]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['blob:1']));
    expect(asked?.search).toBe('?kind=promotion');
  });

  it('saves the invite programme, refusing a percentage over 100 first', async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Invite a friend' }));
    const card = await screen.findByTestId('promotions-invite');
    await user.click(within(card).getByLabelText('Programme on'));
    const percent = within(card).getByLabelText("Share of invitees' net deposits (%)");
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(percent).toHaveAccessibleDescription('Not a valid value.');
    expect(calls).toEqual([]);
    await user.clear(percent);
    await user.type(percent, '2.5');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/backoffice/api/promotions/invite',
        body: { enabled: true, percent: 2.5, successPercent: 80, collectMinimum: 0 },
      },
    ]);
  });

  it('says a new active bonus waits for a second admin, with the way to the queue', async () => {
    server.use(
      http.post('*/backoffice/api/bonuses', async ({ request }) => {
        const body = (await record(request)) as BackofficeBonus;
        const stored = { ...bonus(), ...body, active: false, received: 0 };
        return HttpResponse.json({ change: waiting('bonus:DAILY_20', stored, body), bonus: stored }, { status: 202 });
      }),
    );
    const { user } = await openPromotions();
    await user.click(await screen.findByRole('button', { name: 'New bonus' }));
    const form = screen.getByRole('form', { name: 'Bonus' });
    await user.type(within(form).getByLabelText('Code'), 'daily_20');
    await user.type(within(form).getByLabelText('Amount (baht or kip)'), '20');
    await user.type(within(form).getByLabelText('Name'), 'รายวัน');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('bonus-waiting');
    expect(notice).toHaveTextContent('DAILY_20: sent, it applies once another admin approves it.');
    expect(within(notice).getByRole('link', { name: 'See pending changes' })).toHaveAttribute(
      'href',
      '/backoffice/pending-changes',
    );
  });

  it('says an invite programme change waits for a second admin, and a tightening is saved at once', async () => {
    let answerWaiting = true;
    server.use(
      http.put('*/backoffice/api/promotions/invite', async ({ request }) => {
        const body = (await record(request)) as InviteSettingsValue;
        if (!answerWaiting) {
          inviteValue = body;
          return HttpResponse.json(body);
        }
        return HttpResponse.json(
          { change: waiting('setting:inviteProgramme', inviteValue, body), programme: inviteValue },
          { status: 202 },
        );
      }),
    );
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Invite a friend' }));
    const card = await screen.findByTestId('promotions-invite');
    await user.click(within(card).getByLabelText('Programme on'));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Sent: it applies once another admin approves it.')).toBeInTheDocument();
    const notice = within(card).getByTestId('change-waiting');
    expect(notice).toHaveTextContent(`A change asked by ${OPERATOR.username} waits for a second admin.`);
    expect(within(notice).getByRole('link', { name: 'See pending changes' })).toHaveAttribute(
      'href',
      '/backoffice/pending-changes',
    );

    answerWaiting = false;
    await user.click(within(card).getByLabelText('Programme on'));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(within(card).queryByTestId('change-waiting')).toBeNull();
  });

  it('says a wheel change waits for a second admin', async () => {
    server.use(
      http.put('*/backoffice/api/promotions/spin', async ({ request }) => {
        const body = await record(request);
        return HttpResponse.json({ change: waiting('setting:spin', WHEEL, body), spin: WHEEL }, { status: 202 });
      }),
    );
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Prize wheel' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent: it applies once another admin approves it.')).toBeInTheDocument();
    expect(screen.getByTestId('change-waiting')).toHaveTextContent('waits for a second admin.');
  });

  it("edits the wheel's slices, shows the chances, and says why a wheel is refused", async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Prize wheel' }));
    const first = await screen.findByTestId('slice-0');
    expect(first).toHaveTextContent('Chance 75.00%');
    // A wheel whose weights are all 0 is checked here first, with the server's schema.
    const weight = within(first).getByLabelText('Weight');
    await user.clear(weight);
    await user.type(weight, '0');
    const second = within(screen.getByTestId('slice-1')).getByLabelText('Weight');
    await user.clear(second);
    await user.type(second, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The wheel is not valid');
    expect(calls).toEqual([]);

    await user.type(weight, '5');
    await user.click(screen.getByRole('button', { name: 'Add slice' }));
    expect(screen.getByTestId('slice-2')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('slice-2')).getByRole('button', { name: 'Remove slice' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = calls[0]?.body as SpinSettingsResponse;
    expect(sent.wheel?.slices.map((slice) => [slice.code, slice.weight, slice.prize])).toEqual([
      ['CASH_10', 5, { type: 'cash', amount: { LAK: 3000, BAHT: 10 } }],
      ['NONE', 0, { type: 'none' }],
    ]);
    expect(sent.rules).toEqual(WHEEL.rules);
    // The server's refusal, translated.
    expect(await screen.findByText('Some of the information is not valid.')).toBeInTheDocument();
  });

  it('edits the terms a claimed cash prize runs with as a bonus, and keeps them when the wheel is saved', async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Prize wheel' }));
    const rules = await screen.findByTestId('promotions-coin-rule');
    const multiple = within(rules).getByLabelText(
      'A claimed cash prize leaves as cash once winnings exceed (times the prize)',
    );
    const percentFail = within(rules).getByLabelText('Cancelling a prize bonus takes back (%)');
    expect(multiple).toHaveValue('3');
    expect(percentFail).toHaveValue('80');
    expect(within(rules).queryByTestId('bonus-terms-warnings')).toBeNull();
    await user.clear(multiple);
    await user.type(multiple, '0');
    expect(within(rules).getByTestId('bonus-terms-warnings')).toHaveTextContent('Any win, however small');
    await user.clear(multiple);
    await user.type(multiple, '3');
    await user.clear(percentFail);
    await user.type(percentFail, '101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The coin rule is not valid');
    expect(calls).toEqual([]);
    await user.clear(percentFail);
    await user.type(percentFail, '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = calls[0]?.body as SpinSettingsResponse | undefined;
    expect(sent?.rules).toEqual({ ...WHEEL.rules, prizePercentFail: 50 });
  });

  it("shows the wheel's expected return per coin in each currency, following what the operator types", async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Prize wheel' }));
    const summary = await screen.findByRole('region', { name: 'Expected return per coin' });
    const line = (currency: string) => within(summary).getByTestId(`wheel-return-${currency}`);
    // 10 baht on weight 3 of 4: 7.50 baht a spin, 7.5% of the 100 baht that earn a coin.
    expect(line('BAHT')).toHaveTextContent('7.50 BAHT a spin = 7.50% of 100.00 BAHT, the deposit that earns a coin');
    expect(line('LAK')).toHaveTextContent(
      '2,250.00 LAK a spin = 7.50% of 30,000.00 LAK, the deposit that earns a coin',
    );

    const second = within(screen.getByTestId('slice-1')).getByLabelText('Weight');
    await user.clear(second);
    await user.type(second, '3');
    expect(line('BAHT')).toHaveTextContent('5.00 BAHT a spin = 5.00% of 100.00 BAHT');
    const baht = within(screen.getByTestId('slice-0')).getByLabelText('Cash (BAHT)');
    await user.clear(baht);
    await user.type(baht, '20');
    expect(line('BAHT')).toHaveTextContent('10.00 BAHT a spin = 10.00% of 100.00 BAHT');
    const perCoin = screen.getByLabelText('Deposits for one coin (BAHT)');
    await user.clear(perCoin);
    await user.type(perCoin, '40');
    expect(line('BAHT')).toHaveTextContent('10.00 BAHT a spin = 25.00% of 40.00 BAHT');

    // A kip amount missing on a cash slice that can be drawn, and kip that earns no coins, are said.
    await user.clear(within(screen.getByTestId('slice-0')).getByLabelText('Cash (LAK)'));
    await user.clear(screen.getByLabelText('Deposits for one coin (LAK)'));
    expect(line('LAK')).toHaveTextContent('0.00 LAK a spin; LAK deposits earn no coins.');
    expect(line('LAK')).toHaveTextContent('A cash slice that can be drawn has no LAK amount');

    const first = within(screen.getByTestId('slice-0')).getByLabelText('Weight');
    await user.clear(first);
    await user.type(first, '0');
    await user.clear(second);
    await user.type(second, '0');
    expect(summary).toHaveTextContent('Every weight is 0: nothing can be drawn.');
    expect(within(summary).queryByTestId('wheel-return-BAHT')).toBeNull();
  });

  it('uploads a banner picture, previews it, reorders and saves the banners of a language', async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Banners' }));
    const card = await screen.findByTestId('banners-invite');
    await user.click(within(card).getByRole('button', { name: 'Add banner' }));
    const uploads = within(card).getAllByLabelText('Upload an image');
    uploadRefused = true;
    await user.upload(uploads[1] as HTMLInputElement, new File(['not a picture'], 'x.webp', { type: 'image/webp' }));
    expect(await within(card).findByText('The file is not a PNG, JPEG or WebP picture.')).toBeInTheDocument();
    uploadRefused = false;
    await user.upload(
      uploads[1] as HTMLInputElement,
      new File([new Uint8Array([0x89, 0x50])], 'b.png', { type: 'image/png' }),
    );
    const images = within(card).getAllByLabelText('Image address');
    await waitFor(() => expect(images[1]).toHaveValue('/media/uploads/0123456789abcdef0123456789abcdef.png'));
    expect(within(card).getAllByRole('img', { name: 'Preview of the banner image' })).toHaveLength(2);
    await user.type(
      within(card).getAllByLabelText('HTML (the member app filters it before showing it)')[1] as HTMLElement,
      'new',
    );
    await user.click(within(card).getAllByRole('button', { name: 'Move up' })[1] as HTMLElement);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/backoffice/api/promotions/banners/invite/th',
      body: {
        banners: [
          { image: '/media/uploads/0123456789abcdef0123456789abcdef.png', html: 'new' },
          { image: '/media/uploads/a.png', html: '<p>ชวน</p>' },
        ],
      },
    });
  });

  it('refuses a banner image address that is neither https nor a path', async () => {
    const { user } = await openPromotions();
    await user.click(screen.getByRole('tab', { name: 'Banners' }));
    const card = await screen.findByTestId('banners-refund');
    await user.click(within(card).getByRole('button', { name: 'Add banner' }));
    await user.type(within(card).getByLabelText('Image address'), 'javascript:alert(1)');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      within(card).getAllByText('An image address is https://… or a path starting with /.').length,
    ).toBeGreaterThan(0);
    expect(calls).toEqual([]);
  });
});
