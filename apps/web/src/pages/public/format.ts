const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "$12.50": prices with cents (fixed locale, so prerendered HTML and the browser agree). */
export const formatUsd = (value: number) => usd.format(value);

/** "$10", but "$0.50": whole dollars without cents, other amounts with them. */
export const formatUsdShort = (value: number) => (Number.isInteger(value) ? usdWhole.format(value) : usd.format(value));

/** "1,000" or "2.35": at most two decimals. */
export const formatNumber = (value: number) => plain.format(value);
