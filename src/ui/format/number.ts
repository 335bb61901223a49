// Numbers as the lab writes them: en-US grouping ("12,500"), at most `maxDecimals` decimals with
// trailing zeros dropped. Done by hand because the first Intl.NumberFormat a page makes costs
// ~80 ms (loading locale data) on a slow machine, all of it on the way to the first render.

export function formatNumber(value: number, maxDecimals = 0): string {
  const fixed = Math.abs(value).toFixed(maxDecimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = fraction.replace(/0+$/, '');
  const negative = value < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}
