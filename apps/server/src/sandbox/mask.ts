/**
 * How the sandbox's parties show an account number, as the Thai banks and the slip-verification services do
 * (docs/deposits/masked-accounts.md): the four digits before the last one visible, every other digit `x`, the
 * positions kept; a ten-digit number is grouped as the banks print it (`xxx-x-x0209-x`).
 */
export function maskAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  if (digits.length < 6) return 'x'.repeat(digits.length);
  const masked = [...digits]
    .map((digit, index) => (index >= digits.length - 5 && index < digits.length - 1 ? digit : 'x'))
    .join('');
  if (digits.length !== 10) return masked;
  return `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, 9)}-${masked.slice(9)}`;
}
