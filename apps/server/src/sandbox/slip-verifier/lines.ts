/** What a sandbox transfer line holds that a verifier compares. */
interface ComparableLine {
  amount_minor: bigint;
  currency: string;
  sender_account_no: string;
  operator_account_no: string;
  transferred_at: Date;
}

/**
 * SANDBOX ONLY: whether the sandbox bank's lines of one reference disagree (it was injected again with other
 * details): a verifier cannot trust such a reference yet.
 */
export function linesDisagree(lines: readonly ComparableLine[]): boolean {
  const describe = (line: ComparableLine) =>
    [
      line.amount_minor,
      line.currency,
      line.sender_account_no,
      line.operator_account_no,
      line.transferred_at.getTime(),
    ].join('|');
  const [first] = lines;
  return first !== undefined && lines.some((line) => describe(line) !== describe(first));
}
