import type { SiteSettingsResponse } from '@member-wallet/contract/backoffice/settings';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function siteSettings(): SiteSettingsResponse {
  return {
    flags: { registerOTP: true, enableChatWidget: false, terminated: false },
    texts: {
      info: { th: { name: 'วอลเล็ต', website: 'https://wallet.example' }, lo: null, en: null },
      contact: {
        th: { contactText: 'ติดต่อเรา', lineName: '@wallet', lineLink: 'https://line.me/x', lineQR: '/media/qr.png' },
        lo: null,
        en: { contactText: 'Contact us', lineName: '@wallet', lineLink: 'https://line.me/x', lineQR: '/media/qr.png' },
      },
      conditions: { th: ['ข้อหนึ่ง', 'ข้อสอง'], lo: null, en: null },
      agreements: { th: [], lo: null, en: null },
      notice: { th: { notice: 'ประกาศ %percentFail%' }, lo: null, en: null },
    },
    howto: [
      { key: 'register', url: 'https://videos.example/register.mp4', demo: false },
      { key: 'deposit', url: '/media/howto/deposit.mp4', demo: true },
    ],
    withdraw: [
      { currency: 'LAK', min: '5000000', max: '3000000000', autoApprove: '300000000' },
      { currency: 'BAHT', min: '10000', max: '5000000', autoApprove: '500000' },
    ],
    slipWindow: { closeFrom: '23:50', closeTo: '00:10' },
    qrValidity: { minutes: 10 },
    adjustment: [
      { currency: 'BAHT', approvalAbove: '100000' },
      { currency: 'LAK', approvalAbove: '30000000' },
    ],
    ceilings: [
      {
        currency: 'BAHT',
        approvalAbove: '1000000',
        withdrawMax: '20000000',
        withdrawAutoApprove: '2000000',
        aloneCreditDaily: '2000000',
      },
      {
        currency: 'LAK',
        approvalAbove: '300000000',
        withdrawMax: '10000000000',
        withdrawAutoApprove: '1000000000',
        aloneCreditDaily: '600000000',
      },
    ],
    pending: [],
  };
}

/** A money-bounding change as the server answers it: waiting for a second admin. */
function waitingChange(target: string, after: unknown) {
  return {
    id: '7',
    kind: target.startsWith('setting:withdraw') ? 'settings.withdraw' : 'settings.adjustment',
    target,
    before: {},
    after,
    status: 'pending',
    proposedBy: OPERATOR.username,
    proposedAt: '2026-11-22T03:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
  };
}

let current: SiteSettingsResponse;
let puts: { url: string; body: unknown }[];

beforeEach(() => {
  current = siteSettings();
  puts = [];
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'admin' })),
    http.get('*/backoffice/api/settings', () => HttpResponse.json(current)),
    http.put('*/backoffice/api/settings/*', async ({ request }) => {
      const body = await request.json();
      const url = new URL(request.url).pathname;
      puts.push({ url, body });
      if (url.endsWith('/flags')) current = { ...current, flags: { ...current.flags, ...(body as object) } };
      const money = /\/settings\/(withdraw|adjustment)\/(\w+)$/.exec(url);
      if (money) {
        const change = waitingChange(`setting:${money[1]}:${money[2]}`, body);
        current = { ...current, pending: [{ id: change.id, target: change.target, after: body, proposedBy: 'root' }] };
        return HttpResponse.json({ change, settings: current }, { status: 202 });
      }
      return HttpResponse.json(current);
    }),
  );
});

async function openSettings() {
  const view = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Switches' });
  return view;
}

describe('site settings', () => {
  it('is in the menu for admins only', async () => {
    const { unmount } = renderApp('/withdrawals');
    expect(await screen.findByRole('link', { name: 'Site settings' })).toBeInTheDocument();
    unmount();
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json(OPERATOR)));
    renderApp('/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators may change the site settings.');
    expect(screen.queryByRole('link', { name: 'Site settings' })).toBeNull();
    expect(puts).toEqual([]);
  });

  it('shows the flags as switches and saves one at a time', async () => {
    const { user } = await openSettings();
    const chat = screen.getByRole('switch', { name: 'Chat widget' });
    expect(chat).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'SMS code at registration' })).toHaveAttribute('aria-checked', 'true');
    await user.click(chat);
    await waitFor(() => expect(chat).toHaveAttribute('aria-checked', 'true'));
    expect(puts).toEqual([{ url: '/backoffice/api/settings/flags', body: { enableChatWidget: true } }]);
    expect(within(screen.getByTestId('settings-flags')).getByRole('status')).toHaveTextContent('Saved');
  });

  it('asks before terminating the site, and does nothing when cancelled', async () => {
    const { user } = await openSettings();
    const terminated = screen.getByRole('switch', { name: 'Site terminated' });
    await user.click(terminated);
    const dialog = screen.getByRole('dialog', { name: 'Terminate the site?' });
    expect(dialog).toHaveTextContent('Every member will see the terminated page');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts).toEqual([]);
    expect(terminated).toHaveAttribute('aria-checked', 'false');

    await user.click(terminated);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Terminate the site' }));
    await waitFor(() => expect(terminated).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts).toEqual([{ url: '/backoffice/api/settings/flags', body: { terminated: true } }]);

    // Turning it back off needs no confirmation.
    await user.click(terminated);
    await waitFor(() => expect(terminated).toHaveAttribute('aria-checked', 'false'));
    expect(puts[1]).toEqual({ url: '/backoffice/api/settings/flags', body: { terminated: false } });
  });

  it('edits the contact text per language', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-contact');
    expect(within(card).getByRole('tab', { name: 'Thai' })).toHaveAttribute('aria-selected', 'true');
    expect(within(card).getByLabelText('Contact text')).toHaveValue('ติดต่อเรา');
    await user.click(within(card).getByRole('tab', { name: 'Lao' }));
    expect(within(card).getByLabelText('Contact text')).toHaveValue('');
    await user.click(within(card).getByRole('tab', { name: 'English' }));
    const text = within(card).getByLabelText('Contact text');
    expect(text).toHaveValue('Contact us');
    await user.clear(text);
    await user.type(text, 'Call us <b>now</b>');
    await user.clear(within(card).getByLabelText('LINE name'));
    await user.type(within(card).getByLabelText('LINE name'), '@help');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        url: '/backoffice/api/settings/texts/contact/en',
        body: {
          value: {
            contactText: 'Call us <b>now</b>',
            lineName: '@help',
            lineLink: 'https://line.me/x',
            lineQR: '/media/qr.png',
          },
        },
      },
    ]);
  });

  it('saves the notice of a language', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-notice');
    await user.click(within(card).getByRole('tab', { name: 'Lao' }));
    await user.type(within(card).getByLabelText('Notice text'), 'ແຈ້ງການ');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { url: '/backoffice/api/settings/texts/notice/lo', body: { value: { notice: 'ແຈ້ງການ' } } },
      ]),
    );
  });

  it('enters withdrawal amounts in baht with 2 decimals and sends minor units', async () => {
    const { user } = await openSettings();
    const baht = screen.getByRole('form', { name: 'Baht' });
    expect(within(baht).getByLabelText('Minimum (Baht)')).toHaveValue('100.00');
    expect(within(baht).getByLabelText('Auto-approve up to (Baht)')).toHaveValue('5000.00');
    const min = within(baht).getByLabelText('Minimum (Baht)');
    await user.clear(min);
    await user.type(min, '150.5');
    const auto = within(baht).getByLabelText('Auto-approve up to (Baht)');
    await user.clear(auto);
    await user.type(auto, '0');
    await user.click(within(baht).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { url: '/backoffice/api/settings/withdraw/BAHT', body: { min: '15050', max: '5000000', autoApprove: '0' } },
      ]),
    );
    // Raising a bound waits for a second admin, and the form says so.
    expect(await within(baht).findByRole('status')).toHaveTextContent(
      'Sent: it applies once another admin approves it.',
    );
    expect(within(baht).getByTestId('settings-waiting')).toHaveTextContent(
      'A change asked by root waits for a second admin.',
    );
    expect(within(baht).getByRole('link', { name: 'See pending changes' })).toHaveAttribute(
      'href',
      '/backoffice/pending-changes',
    );
    expect(
      within(baht).getByText(/at most 200,000.00 BAHT as the maximum and 20,000.00 BAHT without review/),
    ).toBeInTheDocument();
  });

  it('shows a ceiling refusal translated', async () => {
    server.use(
      http.put('*/backoffice/api/settings/adjustment/:currency', () =>
        HttpResponse.json({ message: 'CEILING_EXCEEDED', fields: { approvalAbove: 'KEY_INVALID' } }, { status: 400 }),
      ),
    );
    const { user } = await openSettings();
    const baht = screen.getByRole('form', { name: 'Adjustments in Baht' });
    await user.click(within(baht).getByRole('button', { name: 'Save' }));
    expect(await within(baht).findByRole('alert')).toHaveTextContent(
      "This is above what this server allows. The limit is set in the server's configuration.",
    );
  });

  it('checks the amounts before sending', async () => {
    const { user } = await openSettings();
    const kip = screen.getByRole('form', { name: 'Kip' });
    const min = within(kip).getByLabelText('Minimum (Kip)');
    await user.clear(min);
    await user.type(min, '1.234');
    await user.click(within(kip).getByRole('button', { name: 'Save' }));
    expect(within(kip).getByText('Enter an amount above 0 with at most 2 decimals')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '40000000');
    await user.click(within(kip).getByRole('button', { name: 'Save' }));
    expect(within(kip).getByText('The maximum is below the minimum')).toBeInTheDocument();
    expect(within(kip).getByLabelText('Maximum (Kip)')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it('shows a refusal translated', async () => {
    server.use(
      http.put('*/backoffice/api/settings/withdraw/:currency', () =>
        HttpResponse.json({ message: 'KEY_INVALID', fields: { max: 'KEY_INVALID' } }, { status: 400 }),
      ),
    );
    const { user } = await openSettings();
    const baht = screen.getByRole('form', { name: 'Baht' });
    await user.click(within(baht).getByRole('button', { name: 'Save' }));
    expect(await within(baht).findByRole('alert')).toHaveTextContent('Some of the information is not valid.');
  });

  it('saves how-to links, https or a site path only', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-howto');
    const register = within(card).getByLabelText('Video: register');
    await user.clear(register);
    await user.type(register, 'http://videos.example/r.mp4');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText('Use an https:// address or a path starting with /')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.clear(register);
    await user.type(register, 'https://videos.example/r2.mp4');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          url: '/backoffice/api/settings/howto',
          body: {
            howto: [
              { key: 'register', url: 'https://videos.example/r2.mp4', demo: false },
              { key: 'deposit', url: '/media/howto/deposit.mp4', demo: true },
            ],
          },
        },
      ]),
    );
  });

  it('edits the site name and website of a language', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-info');
    expect(within(card).getByLabelText('Site name')).toHaveValue('วอลเล็ต');
    await user.click(within(card).getByRole('tab', { name: 'English' }));
    await user.type(within(card).getByLabelText('Site name'), 'Wallet');
    await user.type(within(card).getByLabelText('Website'), 'https://wallet.example/en');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          url: '/backoffice/api/settings/texts/info/en',
          body: { value: { name: 'Wallet', website: 'https://wallet.example/en' } },
        },
      ]),
    );
  });

  it('edits conditions one per line, dropping empty lines', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-conditions');
    const text = within(card).getByLabelText('Conditions, one per line');
    expect(text).toHaveValue('ข้อหนึ่ง\nข้อสอง');
    await user.type(text, '{Enter}{Enter}  ข้อสาม  {Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { url: '/backoffice/api/settings/texts/conditions/th', body: { value: ['ข้อหนึ่ง', 'ข้อสอง', 'ข้อสาม'] } },
      ]),
    );
    const agreements = screen.getByTestId('settings-agreements');
    await user.click(within(agreements).getByRole('tab', { name: 'Lao' }));
    await user.type(within(agreements).getByLabelText('Agreements, one per line'), 'ຂໍ້ໜຶ່ງ');
    await user.click(within(agreements).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts[1]).toEqual({ url: '/backoffice/api/settings/texts/agreements/lo', body: { value: ['ຂໍ້ໜຶ່ງ'] } }),
    );
  });

  it('sets the slip upload window, checking the times first', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-slip-window');
    const from = within(card).getByLabelText('Closed from');
    expect(from).toHaveValue('23:50');
    await user.clear(from);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText('Enter a time as HH:mm')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.type(from, '01:15');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { url: '/backoffice/api/settings/slip-window', body: { closeFrom: '01:15', closeTo: '00:10' } },
      ]),
    );
  });

  it('sets the QR validity in whole minutes from 1 to 1440', async () => {
    const { user } = await openSettings();
    const card = screen.getByTestId('settings-qr-validity');
    const minutes = within(card).getByLabelText('Minutes');
    expect(minutes).toHaveValue('10');
    for (const wrong of ['0', '1441', '2.5']) {
      await user.clear(minutes);
      await user.type(minutes, wrong);
      await user.click(within(card).getByRole('button', { name: 'Save' }));
      expect(within(card).getByText('Enter whole minutes from 1 to 1440')).toBeInTheDocument();
    }
    expect(puts).toEqual([]);
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ url: '/backoffice/api/settings/qr-validity', body: { minutes: 30 } }]));
  });

  it('sets the amount above which an adjustment waits for a second operator, in kip with 2 decimals', async () => {
    const { user } = await openSettings();
    const kip = screen.getByRole('form', { name: 'Adjustments in Kip' });
    const field = within(kip).getByLabelText('Second approval above (Kip)');
    expect(field).toHaveValue('300000.00');
    await user.clear(field);
    await user.type(field, '-5');
    await user.click(within(kip).getByRole('button', { name: 'Save' }));
    expect(within(kip).getByText('Enter 0 or an amount with at most 2 decimals')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(kip).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([{ url: '/backoffice/api/settings/adjustment/LAK', body: { approvalAbove: '0' } }]),
    );
  });

  it('speaks Thai', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(screen.getByRole('heading', { name: 'ตั้งค่าเว็บไซต์' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'ปิดให้บริการเว็บไซต์' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'บาท' })).toBeInTheDocument();
  });
});
