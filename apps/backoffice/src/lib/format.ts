/** Every back-office time is shown in Thailand's time zone, whoever reads it where. */
const TIME_ZONE = 'Asia/Bangkok';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `DD/MM/YYYY HH:mm:ss` in Asia/Bangkok. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(PARTS.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/**
 * An amount of minor units (a string of digits, as the API sends it) with two decimals, thousands separators
 * and the currency: `'123456'`, `'THB'` → `1,234.56 THB`. Worked out on BigInt: no float rounding.
 */
export function formatMinor(amountMinor: string, currency: string): string {
  if (!/^-?\d+$/.test(amountMinor)) return `${amountMinor} ${currency}`;
  const value = BigInt(amountMinor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents} ${currency}`;
}
