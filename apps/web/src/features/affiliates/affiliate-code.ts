const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomPart(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * A code to suggest for an affiliate: up to 12 letters and digits of the name (accents dropped),
 * then a dash and 4 random characters so two similar names still get different codes.
 */
export function suggestAffiliateCode(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toUpperCase()
    .slice(0, 12);
  return `${stem || 'AFF'}-${randomPart(4)}`;
}
