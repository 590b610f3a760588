/**
 * The prize wheel's shapes as the spec names them (section 3: Spinwheel, Spin result, Coupon). The contract
 * file `packages/contract/src/spin.ts` is being written on the server branch; once it lands these become
 * re-exports of its types, and the components typed by them need no change.
 */
export interface WheelSlice {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
  /** Operator html: always through `sanitizeHtml` before it is shown. */
  htmlDescription?: string | null;
}

export interface SpinResult {
  code: string;
  label: string;
  remainingCoin: number;
}

export interface Coupon {
  /** `slice` is the code of the slice won. */
  prize: { slice: string; name: string };
  amount: number;
}
