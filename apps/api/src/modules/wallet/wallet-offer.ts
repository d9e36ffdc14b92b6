/**
 * Which wallets this installation offers (APPLE_WALLET_*, GOOGLE_WALLET_*), set once at start by buildApp and the
 * worker: the ticket mails, written deep inside order use cases, link to the passes only when they can be made.
 */
let offered = { apple: false, google: false };

export function offerWallets(o: { apple: boolean; google: boolean }): void {
  offered = { ...o };
}

/** A ticket's "Add to Apple Wallet" and "Save to Google Wallet" addresses (null: not offered). */
export function walletLinks(
  appUrl: string,
  eventId: number,
  code: string,
): { apple_url: string | null; google_url: string | null } | null {
  if (!offered.apple && !offered.google) return null;
  const base = `${appUrl}/api/public/events/${eventId}/attendees/${encodeURIComponent(code)}`;
  return {
    apple_url: offered.apple ? `${base}/wallet.pkpass` : null,
    google_url: offered.google ? `${base}/google-wallet` : null,
  };
}
