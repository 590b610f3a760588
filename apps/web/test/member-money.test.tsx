import { IDEMPOTENCY_KEY_HEADER, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { demoWallet, server } from './server.ts';

const moneyAnswer = { message: 'OK', wallet: { amount: 900 }, status: 'SUCCESS', reference: 'T-1' };

/** Every request the app sent to a path, with its idempotency key and body. */
function recordRequests(method: string, path: string) {
  const seen: { key: string | null; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== method || new URL(request.url).pathname !== path) return;
    seen.push({ key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body: await request.clone().json() });
  });
  return seen;
}

async function openModal(button: string, title: string) {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/home');
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  const opener = screen.getAllByRole('button', { name: button })[0] as HTMLElement;
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...view, dialog, opener };
}

/** Reads the dialog of spec section 8 that a submit opened, and closes it. */
async function resultMessages(user: ReturnType<typeof renderApp>['user'], title: string) {
  const result = await screen.findByRole('dialog', { name: title });
  const text = result.textContent ?? '';
  await user.click(within(result).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  return text;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
});

afterEach(() => {
  server.events.removeAllListeners();
});

describe('transfer modal', () => {
  it('lists the placeholder, the wallet, then the active game accounts only', async () => {
    const { dialog } = await openModal('Transfer', 'Transfer');
    const from = within(dialog).getByRole('combobox', { name: 'From' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Please select', 'Main wallet · ฿1,500.50', 'PG Soft · ฿100.00', 'UFABET · ฿10.10']);
  });

  it('shows the messages of spec section 5 and sends nothing on invalid input', async () => {
    const sent = recordRequests('POST', '/api/wallet/transfer');
    const { user, dialog } = await openModal('Transfer', 'Transfer');
    const submit = within(dialog).getByRole('button', { name: 'Transfer' });
    await user.click(submit);
    expect(await resultMessages(user, 'Something went wrong')).toContain('select account');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'From' }), 'wallet');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'To' }), 'wallet');
    await user.click(submit);
    expect(await resultMessages(user, 'Something went wrong')).toContain('can not transfer');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'To' }), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '0.5');
    await user.click(submit);
    expect(await resultMessages(user, 'Something went wrong')).toContain('The minimum transfer amount is 1.00');
    const sentAll = recordRequests('POST', '/api/wallet/transferAll');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'To' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer all' }));
    expect(await resultMessages(user, 'Something went wrong')).toContain('select account');
    expect(sent).toEqual([]);
    expect(sentAll).toEqual([]);
  });

  it('reuses the idempotency key when the same transfer is retried after a network error, and makes a new one for a new action', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/wallet/transfer', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(moneyAnswer);
      }),
    );
    const sent = recordRequests('POST', '/api/wallet/transfer');
    const { user, dialog } = await openModal('Transfer', 'Transfer');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'From' }), 'wallet');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'To' }), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    const submit = within(dialog).getByRole('button', { name: 'Transfer' });
    await user.click(submit);
    expect(await resultMessages(user, 'Something went wrong')).toContain('Cannot reach the server');
    await user.click(submit);
    expect(await resultMessages(user, 'Success')).toContain('Saved successfully.');
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.click(submit);
    await resultMessages(user, 'Success');
    expect(sent.map((request) => request.body)).toEqual([
      { from: 'wallet', to: 'PG', amount: 100 },
      { from: 'wallet', to: 'PG', amount: 100 },
      { from: 'wallet', to: 'PG', amount: 100 },
    ]);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  it('shows the server message in the error dialog', async () => {
    server.use(
      http.post('*/api/wallet/transferAll', () => HttpResponse.json({ message: 'TRANSFER_FAIL' }, { status: 409 })),
    );
    const { user, dialog } = await openModal('Transfer', 'Transfer');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'To' }), 'wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer all' }));
    const text = await resultMessages(user, 'Something went wrong');
    expect(text).not.toContain('TRANSFER_FAIL');
    expect(text.length).toBeGreaterThan('Something went wrongOK'.length);
  });

  it('reloads the wallet when closed after a saved transfer, and not otherwise', async () => {
    let wallets = 0;
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
      http.post('*/api/wallet/transferAll', () => HttpResponse.json(moneyAnswer)),
    );
    const { user, dialog, opener } = await openModal('Transfer', 'Transfer');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
    expect(wallets).toBe(1);
    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Transfer' });
    await user.selectOptions(within(again).getByRole('combobox', { name: 'To' }), 'wallet');
    await user.click(within(again).getByRole('button', { name: 'Transfer all' }));
    await resultMessages(user, 'Success');
    await user.click(within(again).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(wallets).toBe(2));
    expect(dialog).not.toBeInTheDocument();
  });
});

describe('withdraw modal', () => {
  it('checks the server limits, each message with its number', async () => {
    const sent = recordRequests('POST', '/api/wallet/withdraw');
    const { user, dialog } = await openModal('Withdraw', 'Withdraw');
    expect(await within(dialog).findByText('From 100.00 to 50,000.00.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Bonus conditions apply/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount');
    const submit = within(dialog).getByRole('button', { name: 'Withdraw' });
    await user.type(amount, '99.99');
    await user.click(submit);
    expect(await resultMessages(user, 'Something went wrong')).toContain('The minimum withdrawal amount is 100.00');
    await user.clear(amount);
    await user.type(amount, '50000.01');
    await user.click(submit);
    expect(await resultMessages(user, 'Something went wrong')).toContain('The maximum withdrawal amount is 50,000.00');
    expect(sent).toEqual([]);
    server.use(http.post('*/api/wallet/withdraw', () => HttpResponse.json(moneyAnswer)));
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(submit);
    await resultMessages(user, 'Success');
    expect(sent.map((request) => request.body)).toEqual([{ amount: 100 }]);
  });

  it('withdraws everything with the wallet amount the member saw', async () => {
    server.use(http.post('*/api/wallet/withdrawAll', () => HttpResponse.json(moneyAnswer)));
    const sent = recordRequests('POST', '/api/wallet/withdrawAll');
    const { user, dialog } = await openModal('Withdraw', 'Withdraw');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    await resultMessages(user, 'Success');
    expect(sent).toEqual([{ key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { amount: 1500.5 } }]);
    // The answer says 900 is left: a second "withdraw all" asks for that, as a new action.
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    await resultMessages(user, 'Success');
    expect(sent[1]?.body).toEqual({ amount: 900 });
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });
});
