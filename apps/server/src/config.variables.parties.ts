import type { ConfigVariable } from './config.groups.ts';

/** The variables of the external parties: payout, QR gateways, bank feed, TrueMoney, slip verifiers, SMS. */
export const PARTY_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'PAYOUT_BASE_URL',
    group: 'payout',
    default: 'the sandbox',
    meaning: 'Base URL of the payout party (`POST {base}/payouts`, docs/parties/payout.md)',
  },
  {
    name: 'PAYOUT_SECRET',
    group: 'payout',
    default: "the sandbox's",
    meaning: 'HMAC-SHA256 secret shared with the payout party (requests and webhooks)',
  },
  {
    name: 'PAYOUT_CALLBACK_URL',
    group: 'payout',
    default: '(unset)',
    meaning:
      "Our webhook, `https://<host>/api/webhooks/payout`, sent with each payout; with the sandbox party, this server's own",
  },
  {
    name: 'PAYOUT_SETTLE_INTERVAL_MS',
    group: 'payout',
    default: '`30000`',
    meaning: 'How often the settler polls payouts still in progress; `0` turns it off',
  },
  {
    name: 'SANDBOX_PAYOUT_DELAY_MS',
    group: 'payout',
    default: '`3000`',
    meaning: 'Sandbox payout party: time from a payout request to its outcome',
  },
  {
    name: 'SANDBOX_PAYOUT_FAIL_PERCENT',
    group: 'payout',
    default: '`0`',
    meaning: 'Sandbox payout party: percentage of payouts that fail (decided per reference)',
  },
  {
    name: 'PAYMENT_GATEWAYS',
    group: 'qr',
    default: 'with `SANDBOX`: the sandbox gateways',
    meaning:
      "QR payment gateways, comma-separated (codes KBANK, BCEL, WW, FP, PAYONEX): `CODE=baseUrl`, a gateway speaking our gateway API (docs/parties/payments.md), or `CODE=kbank:baseUrl`, KASIKORNBANK's QR Payment API through its own adapter (e.g. `KBANK=kbank:https://openapi.kasikornbank.com`, docs/parties/kbank-qr.md); a gateway not listed is the sandbox's with `SANDBOX`, else unavailable (docs/deposits/qr.md)",
  },
  {
    name: 'PAYMENT_GATEWAY_SECRETS',
    group: 'qr',
    default: '(unset)',
    meaning:
      '`CODE=secret` comma-separated: the HMAC-SHA256 secret of each `CODE=baseUrl` gateway of `PAYMENT_GATEWAYS` (required for each; none for a `kbank:` one)',
  },
  {
    name: 'KBANK_CONSUMER_ID',
    group: 'qr',
    default: '(unset)',
    meaning: "KBank API portal app's consumer ID (OAuth 2.0 client credentials); required with a `kbank:` gateway",
  },
  {
    name: 'KBANK_CONSUMER_SECRET',
    group: 'qr',
    default: '(unset)',
    meaning: "That app's consumer secret; required with a `kbank:` gateway",
  },
  {
    name: 'KBANK_PARTNER_ID',
    group: 'qr',
    default: '(unset)',
    meaning: '`partnerId` KBank assigns (up to 10 characters); required with a `kbank:` gateway',
  },
  {
    name: 'KBANK_PARTNER_SECRET',
    group: 'qr',
    default: '(unset)',
    meaning: '`partnerSecret` KBank assigns (up to 32 characters); required with a `kbank:` gateway',
  },
  {
    name: 'KBANK_MERCHANT_ID',
    group: 'qr',
    default: '(unset)',
    meaning: "The shop's `merchantId` at KBank (up to 14 characters); required with a `kbank:` gateway",
  },
  {
    name: 'KBANK_TERMINAL_ID',
    group: 'qr',
    default: '(unset)',
    meaning: "The shop's `terminalId` at KBank (up to 8 characters), when KBank assigned one",
  },
  {
    name: 'KBANK_TLS_CERT_FILE',
    group: 'qr',
    default: '(unset)',
    meaning: "PEM client certificate for KBank's two-way SSL (with `KBANK_TLS_KEY_FILE`); unset, plain TLS",
  },
  { name: 'KBANK_TLS_KEY_FILE', group: 'qr', default: '(unset)', meaning: 'PEM private key of that certificate' },
  {
    name: 'PAYMENT_CALLBACK_BASE_URL',
    group: 'qr',
    default: '(unset)',
    meaning:
      "Our public base URL sent to the gateways for their webhooks (`/api/webhooks/payments/{code}` is appended); unset, the gateway's own configuration",
  },
  {
    name: 'PAYMENT_GATEWAY_TIMEOUT_MS',
    group: 'qr',
    default: '`10000`',
    meaning: 'Time-out of one payment gateway call',
  },
  {
    name: 'QR_EXPIRY_MINUTES',
    group: 'qr',
    default: '`10`',
    meaning: 'How long a deposit QR can be paid (the countdown the member sees)',
  },
  {
    name: 'QR_SETTLE_INTERVAL_MS',
    group: 'qr',
    default: '`30000`',
    meaning: 'How often QRs whose webhook never came are asked about and expired QRs marked; `0` turns it off',
  },
  {
    name: 'BANK_FEED_BASE_URL',
    group: 'bankFeed',
    default: 'the sandbox',
    meaning: 'Base URL of the bank feed (`GET {base}/transfers`, docs/parties/bank-feed.md)',
  },
  {
    name: 'BANK_FEED_SECRET',
    group: 'bankFeed',
    default: "the sandbox's",
    meaning: 'HMAC-SHA256 secret shared with the bank feed',
  },
  {
    name: 'BANK_FEED_INTERVAL_MS',
    group: 'bankFeed',
    default: '`5000`',
    meaning: 'How often the matcher reads the bank feed and credits transfers; `0` turns it off',
  },
  {
    name: 'TRUELINK_KEY',
    group: 'truemoney',
    default: 'a development key',
    meaning:
      'Gift-link keys, `id:base64` of 32 bytes, comma-separated: the first encrypts (handed to clients), all decrypt; obfuscation, not a secret (docs/deposits/truemoney.md); production refuses the development key among them',
  },
  {
    name: 'VOUCHER_BASE_URL',
    group: 'truemoney',
    default: 'the sandbox',
    meaning: 'Base URL of the TrueMoney voucher party (`POST {base}/redeem`, docs/parties/voucher.md)',
  },
  {
    name: 'VOUCHER_SECRET',
    group: 'truemoney',
    default: "the sandbox's",
    meaning: 'HMAC-SHA256 secret shared with the voucher party',
  },
  {
    name: 'TRUELINK_SETTLE_INTERVAL_MS',
    group: 'truemoney',
    default: '`60000`',
    meaning: 'How often redemptions the voucher party did not answer are asked about; `0` turns it off',
  },
  {
    name: 'SLIP_URL_SECRET',
    group: 'slips',
    default: 'random per process',
    meaning:
      'HMAC secret of the short-lived slip picture URLs; production refuses to start without it (set the same on every node, or links die on restart)',
  },
  {
    name: 'SLIP_VERIFIER',
    group: 'slips',
    default: '`sandbox` with `SANDBOX` on; else none',
    meaning:
      "Who verifies slips (docs/parties/slip-verifier.md): `sandbox` (this server's sandbox SlipOK, SANDBOX only), `slipok` or `easyslip`; none: every slip is `UNKNOW_ERROR`, with a warning at start",
  },
  {
    name: 'SLIPOK_BASE_URL',
    group: 'slips',
    default: '`https://api.slipok.com`',
    meaning: "SlipOK's API (`POST {base}/api/line/apikey/{branch}`, docs/parties/slipok.md)",
  },
  {
    name: 'SLIPOK_BRANCH_ID',
    group: 'slips',
    default: '(unset)',
    meaning: 'SlipOK branch id; with `SLIP_VERIFIER=slipok` the server does not start without it',
  },
  {
    name: 'SLIPOK_API_KEY',
    group: 'slips',
    default: '(unset)',
    meaning:
      "SlipOK API key (`x-authorization`); likewise required with `SLIP_VERIFIER=slipok`; production refuses the sandbox's",
  },
  {
    name: 'EASYSLIP_BASE_URL',
    group: 'slips',
    default: '`https://api.easyslip.com/v2`',
    meaning: "EasySlip's Developer API v2 (`POST {base}/verify/bank`, docs/parties/easyslip.md)",
  },
  {
    name: 'EASYSLIP_API_KEY',
    group: 'slips',
    default: '(unset)',
    meaning: 'EasySlip API key (`Authorization: Bearer`); required with `SLIP_VERIFIER=easyslip`',
  },
  {
    name: 'SLIP_MAX_AGE_MINUTES',
    group: 'slips',
    default: '`60`',
    meaning:
      'A slip is credited only when uploaded within this long of its transfer (spec section 9), else `EXPIRED_SLIP`',
  },
  {
    name: 'SLIP_RETRY_INTERVAL_MS',
    group: 'slips',
    default: '`30000`',
    meaning:
      'How often slips a verifier asked us to come back for (quota used up, bank not ready) are asked again; `0` turns it off (docs/deposits/slips.md, Waiting slips)',
  },
  {
    name: 'SMS_BASE_URL',
    group: 'sms',
    default: 'the sandbox',
    meaning: 'Base URL of the SMS provider (`POST {base}/messages`, docs/parties/sms.md)',
  },
  { name: 'SMS_API_KEY', group: 'sms', default: "the sandbox's", meaning: 'API key of the SMS provider' },
];
