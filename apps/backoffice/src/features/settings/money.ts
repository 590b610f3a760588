// The settings screen's amounts: the conversions live in lib/money-input.ts, shared with other screens.
export { majorToMinor, minorToMajor } from '../../lib/money-input.ts';
