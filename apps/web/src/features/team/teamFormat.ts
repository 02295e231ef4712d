/**
 * A configured rate ("0.10", a decimal string) as a percentage number ("10"), by moving the decimal
 * point two places in the string: never through a float, so "0.035" reads "3.5", not "3.5000000000000004".
 */
export function ratePercent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = fraction.padEnd(2, '0');
  const percent = String(Number(whole) * 100 + Number(digits.slice(0, 2)));
  const rest = digits.slice(2).replace(/0+$/, '');
  return rest ? `${percent}.${rest}` : percent;
}
