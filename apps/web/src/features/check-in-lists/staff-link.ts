/** The address a volunteer opens to check people in on a list with its staff link (no account needed). */
export function staffLinkUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/check-in/${encodeURIComponent(token)}`;
}
