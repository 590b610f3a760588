import type { Insertable } from 'kysely';
import type { DepositChannelsTable, DepositWalletsTable } from '../db/tables/deposits.table.ts';
import { SANDBOX_OPERATOR_ACCOUNT_NO } from './bank-feed/bank-feed.party.ts';

const SANDBOX_ACCOUNT_NAME = 'MEMBER WALLET (SANDBOX)';

/**
 * The channels the sandbox stands behind, mounted with SANDBOX=1: KBANK's account is the sandbox bank feed's
 * operator account (AUTO), SCB's a slip-only account (MANUAL), then the QR gateways of spec section 9 with their
 * minimums (the first provider, KBANK, takes anything above 0; FP's 10 baht is the operator's setting, changed
 * on the channel), and BCEL for Lao kip.
 */
export const SANDBOX_DEPOSIT_CHANNELS: Insertable<DepositChannelsTable>[] = sandboxChannels();

function sandboxChannels(): Insertable<DepositChannelsTable>[] {
  const bank = (code: string, names: [string, string, string]) => ({
    bank_code: code,
    name_th: names[0],
    name_en: names[1],
    name_lo: names[2],
    account_name: SANDBOX_ACCOUNT_NAME,
    sandbox: true,
  });
  const kbank: [string, string, string] = ['ธนาคารกสิกรไทย', 'Kasikornbank', 'ທະນາຄານກະສິກອນໄທ'];
  const bcel: [string, string, string] = ['ธนาคารการค้าต่างประเทศลาว', 'BCEL One', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ'];
  return [
    {
      ...bank('KBANK', kbank),
      bank_type: 'BANK',
      mode: 'AUTO',
      account_no: SANDBOX_OPERATOR_ACCOUNT_NO,
      currency: 'BAHT',
      sort_order: 1,
    },
    {
      ...bank('SCB', ['ธนาคารไทยพาณิชย์', 'Siam Commercial Bank', 'ທະນາຄານໄທພານິດ']),
      bank_type: 'BANK',
      mode: 'MANUAL',
      account_no: '9990005678',
      currency: 'BAHT',
      sort_order: 2,
    },
    { ...bank('KBANK', kbank), bank_type: 'BANK', mode: 'QR', account_no: '', currency: 'BAHT', sort_order: 3 },
    {
      ...bank('WW', ['WW เพย์', 'WW Pay', 'WW Pay']),
      bank_type: 'PAYMENT',
      mode: 'QR',
      account_no: '',
      currency: 'BAHT',
      min_amount_minor: 10_000n,
      sort_order: 4,
    },
    {
      ...bank('FP', ['FP เพย์', 'FP Pay', 'FP Pay']),
      bank_type: 'PAYMENT',
      mode: 'QR',
      account_no: '',
      currency: 'BAHT',
      min_amount_minor: 1_000n,
      sort_order: 5,
    },
    {
      ...bank('PAYONEX', ['เพย์วันเอ็กซ์', 'PayOneX', 'PayOneX']),
      bank_type: 'PAYMENT',
      mode: 'QR',
      account_no: '',
      currency: 'BAHT',
      min_amount_minor: 10_000n,
      sort_order: 6,
    },
    {
      ...bank('BCEL', bcel),
      bank_type: 'BANK',
      mode: 'AUTO',
      account_no: '0101000999',
      currency: 'LAK',
      sort_order: 1,
    },
    { ...bank('BCEL', bcel), bank_type: 'BANK', mode: 'QR', account_no: '', currency: 'LAK', sort_order: 2 },
  ];
}

export const SANDBOX_DEPOSIT_WALLETS: Insertable<DepositWalletsTable>[] = [
  { mode: 'GIFT_LINK', wallet_account_name: SANDBOX_ACCOUNT_NAME, currency: 'BAHT', sandbox: true },
];
