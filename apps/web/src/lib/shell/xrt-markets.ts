/** Where XRT can be had, for the pages that say what a purchase needs. */
export const XRT_MARKETS = [
  { label: 'Basilisk', href: 'https://app.basilisk.cloud/trade' },
  { label: 'Solarbeam', href: 'https://app.solarbeam.io/exchange/swap' },
  { label: 'Kraken', href: 'https://trade.kraken.com/markets/kraken/xrt/usd' },
] as const;
