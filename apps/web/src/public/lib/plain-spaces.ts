/**
 * Node's ICU writes thin and narrow no-break spaces in dates ("5:00 – 11:30 PM") where Chromium
 * writes plain spaces; server-rendered text must equal the client's, or React re-renders the page.
 */
export const plainSpaces = (text: string): string => text.replace(/[\u2009\u202f]/g, ' ');
