/** "First Last" of a buyer or attendee; empty when no name was given yet. */
export const personName = (p: { first_name: string | null; last_name: string | null }): string => [p.first_name, p.last_name].filter(Boolean).join(' ');
