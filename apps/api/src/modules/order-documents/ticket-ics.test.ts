import { describe, expect, it } from 'vitest';

import { sampleTicket } from './ticket-document-fixture.js';
import { ticketIcs } from './ticket-ics.js';

/** Unfolds content lines (RFC 5545 §3.1); tests compare raw property lines of the VEVENT (or the VCALENDAR). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const prop = (ics: string, name: string) => {
  const all = lines(ics);
  const inEvent = all.slice(all.indexOf('BEGIN:VEVENT'));
  const head = all.slice(0, all.indexOf('BEGIN:VTIMEZONE'));
  return [...inEvent, ...head].find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
};

describe('ticketIcs', () => {
  it('writes a summer event in London time (BST) with the zone definition', () => {
    const ics = ticketIcs(sampleTicket(), new Date('2027-01-02T03:04:05Z'));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    // 17:30 UTC in July is 18:30 in London.
    expect(prop(ics, 'DTSTART')).toBe('DTSTART;TZID=Europe/London:20270717T183000');
    expect(prop(ics, 'DTEND')).toBe('DTEND;TZID=Europe/London:20270717T220000');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    expect(ics).toContain('TZNAME:BST');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(prop(ics, 'DTSTAMP')).toBe('DTSTAMP:20270102T030405Z');
    expect(prop(ics, 'UID')).toBe('UID:a7Kx92Qb@admitone');
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Riverside Open Air');
    expect(prop(ics, 'LOCATION')).toBe(
      'LOCATION:Riverside Park\\, 1 Embankment Walk\\, SE1 9PX London\\, United Kingdom',
    );
    expect(prop(ics, 'DESCRIPTION')).toBe(
      'DESCRIPTION:Front stage – Early bird\\nhttps://tickets.example.test/ticket/7/a7Kx92Qb',
    );
    expect(prop(ics, 'URL')).toBe('URL;VALUE=URI:https://tickets.example.test/event/7/riverside-open-air');
    expect(prop(ics, 'ORGANIZER')).toBe('ORGANIZER;CN="Riverside Music Hall":mailto:help@riverside.test');
    expect(prop(ics, 'METHOD')).toBe('METHOD:PUBLISH');
  });

  it('writes a winter event in GMT, two hours long when it has no end', () => {
    const ics = ticketIcs(sampleTicket({ event: { start_date: '2027-01-15T19:00:00Z', end_date: null } }));
    expect(prop(ics, 'DTSTART')).toBe('DTSTART;TZID=Europe/London:20270115T190000');
    expect(prop(ics, 'DTEND')).toBe('DTEND;TZID=Europe/London:20270115T210000');
  });

  it('does not depend on the server time zone, and handles other zones', () => {
    const ics = ticketIcs(
      sampleTicket({ event: { timezone: 'America/Sao_Paulo', start_date: '2027-03-01T23:00:00Z', end_date: null } }),
    );
    // 23:00 UTC is 20:00 in São Paulo (UTC-3).
    expect(prop(ics, 'DTSTART')).toBe('DTSTART;TZID=America/Sao_Paulo:20270301T200000');
    expect(ics).toContain('TZID:America/Sao_Paulo');
    expect(ics).not.toContain('TZID:Europe/London');
  });

  it("names the ticket's date by its label, so two dates of one event differ in a calendar", () => {
    const ics = ticketIcs(
      sampleTicket({ event: { start_date: '2027-07-24T17:30:00Z', end_date: null, date_label: 'Closing night' } }),
    );
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Riverside Open Air – Closing night');
    expect(prop(ics, 'DTSTART')).toBe('DTSTART;TZID=Europe/London:20270724T183000');
  });

  it('says Online for online events and leaves the organizer out without an address', () => {
    const ics = ticketIcs(sampleTicket({ event: { is_online: true, support_email: null } }));
    expect(prop(ics, 'LOCATION')).toBe('LOCATION:Online');
    expect(prop(ics, 'ORGANIZER')).toBeUndefined();
  });

  it('is stable per attendee', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect(ticketIcs(sampleTicket(), now)).toBe(ticketIcs(sampleTicket(), now));
    expect(prop(ticketIcs(sampleTicket({ attendee: { short_id: 'other1' } }), now), 'UID')).toBe('UID:other1@admitone');
  });
});
