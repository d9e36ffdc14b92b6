import type {
  AnswerInput,
  BoxOfficeItemDto,
  BoxOfficePayment,
  BoxOfficeSaleDto,
  BoxOfficeShiftDto,
  Locale,
  OfflineUnitsDto,
  One,
} from '@admitone/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { api } from '../../lib/api-client';
import { isApiError, NETWORK_ERROR } from '../../lib/api-error';
import { boxOfficeKeys } from './api/box-office';
import { type DeviceStock, type PendingSale, readDevice, takeUnits, writeDevice } from './offline-store';
import { useOnline } from './use-online';

/** A random id for an offline sale (crypto.randomUUID needs a secure page; a tablet on a venue LAN may lack one). */
function newSaleId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** What the sale screen gives an offline sale. */
export interface OfflineSaleInput {
  dateId: number;
  /** Each line with its unit's price as shown (a donation's from its amount) and a donation's amount. */
  lines: Array<{ item: BoxOfficeItemDto; quantity: number; amount: number | null; unitPrice: number }>;
  total: number;
  currency: string;
  payment: Extract<BoxOfficePayment, { method: 'CASH' | 'COMPLIMENTARY' }>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  locale: Locale;
  admit_on_list_id: number | null;
  send_tickets: boolean;
  answers: Record<string, AnswerInput>;
}

/**
 * The device's side of selling without a network: while online it keeps its shift's block of units for the chosen
 * date (topped up after every sale), sells from them when the network is gone (the sale is kept on the device with
 * its receipt), and sends the kept sales one by one as soon as the network is back (each written once by the server
 * however often it arrives). A sale the server refuses stays listed with the reason.
 */
export function useDeviceStock(eventId: number, shift: BoxOfficeShiftDto | null, dateId: number | null) {
  const online = useOnline();
  const client = useQueryClient();
  const shiftId = shift?.id ?? null;
  const [stock, setStock] = useState<DeviceStock>(() =>
    shiftId ? readDevice(eventId, shiftId) : { units: {}, pending: [] },
  );
  useEffect(() => {
    setStock(shiftId ? readDevice(eventId, shiftId) : { units: {}, pending: [] });
  }, [eventId, shiftId]);
  const update = useCallback(
    (change: (s: DeviceStock) => DeviceStock) =>
      setStock((prev) => {
        const next = change(prev);
        if (shiftId) writeDevice(eventId, shiftId, next);
        return next;
      }),
    [eventId, shiftId],
  );

  const claims = useQuery({
    queryKey: [...boxOfficeKeys.all(eventId), 'claims', shiftId, dateId],
    queryFn: () =>
      api
        .post<One<OfflineUnitsDto>>(`/events/${eventId}/box-office/claims`, { event_date_id: dateId })
        .then((r) => r.data),
    enabled: online && shiftId !== null && dateId !== null,
  });
  useEffect(() => {
    const got = claims.data;
    if (!got) return;
    update((s) => {
      // Units sold offline and not sent yet are still the shift's on the server: they stay off the device's list.
      const sold = new Set(s.pending.flatMap((p) => p.body.unit_ids));
      return { ...s, units: { ...s.units, [got.date_id]: got.units.filter((u) => !sold.has(u.attendee_id)) } };
    });
  }, [claims.data, update]);

  // Sending: one at a time, while online; a network failure waits a moment before the next try.
  const [sending, setSending] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  useEffect(() => {
    const next = stock.pending.find((p) => !p.failed);
    if (!online || sending || !next) return;
    setSending(true);
    api
      .post(`/events/${eventId}/box-office/offline-sales`, next.body)
      .then(() => {
        update((s) => ({ ...s, pending: s.pending.filter((p) => p.body.client_id !== next.body.client_id) }));
        void client.invalidateQueries({ queryKey: boxOfficeKeys.all(eventId) });
        setSending(false);
      })
      .catch((err: unknown) => {
        if (isApiError(err) && err.code !== NETWORK_ERROR)
          update((s) => ({
            ...s,
            pending: s.pending.map((p) =>
              p.body.client_id === next.body.client_id ? { ...p, failed: err.message } : p,
            ),
          }));
        setTimeout(() => alive.current && setSending(false), isApiError(err) && err.code === NETWORK_ERROR ? 5000 : 0);
      });
  }, [online, sending, stock.pending, eventId, update, client]);

  const units = dateId === null ? [] : (stock.units[String(dateId)] ?? []);

  /** Sells from the device's units: the receipt, or null when the device does not hold enough. */
  const sellOffline = (input: OfflineSaleInput): { receipt: BoxOfficeSaleDto; qr: Record<string, string> } | null => {
    const took = takeUnits(stock.units[String(input.dateId)] ?? [], input.lines);
    if (!took || !shift) return null;
    const given = input.payment.method === 'CASH' ? input.payment.given : null;
    const charged = input.payment.method === 'CASH' ? input.total : 0;
    let at = 0;
    const tickets = input.lines.flatMap(({ item, quantity }) =>
      took.taken.slice(at, (at += quantity)).map((u) => ({
        short_id: u.short_id,
        name: item.name,
        checked_in: input.admit_on_list_id !== null,
      })),
    );
    const receipt: BoxOfficeSaleDto = {
      order_id: 0,
      short_id: '',
      order_number: '',
      total: charged,
      tax_total: 0,
      fee_total: 0,
      currency: input.currency,
      method: input.payment.method,
      given,
      change: given === null ? null : given - charged,
      lines: input.lines.map(({ item, quantity, unitPrice }) => ({
        name: item.name,
        quantity,
        unit_price: input.payment.method === 'CASH' ? unitPrice : 0,
        total: input.payment.method === 'CASH' ? unitPrice * quantity : 0,
        taxes: [],
        fees: [],
        seats: [],
      })),
      tickets,
      mailed: false,
      shift,
    };
    const sale: PendingSale = {
      body: {
        client_id: newSaleId(),
        event_date_id: input.dateId,
        items: input.lines.map(({ item, quantity, amount }) => ({
          ticket_id: item.ticket_id,
          tier_id: item.tier_id,
          quantity,
          amount,
        })),
        expected_total: input.total,
        unit_ids: took.taken.map((u) => u.attendee_id),
        sold_at: new Date().toISOString(),
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        locale: input.locale,
        payment: input.payment,
        admit_on_list_id: input.admit_on_list_id,
        send_tickets: input.send_tickets,
        answers: input.answers,
      },
      receipt,
    };
    update((s) => ({
      units: { ...s.units, [String(input.dateId)]: took.left },
      pending: [...s.pending, sale],
    }));
    return { receipt, qr: Object.fromEntries(took.taken.map((u) => [u.short_id, u.qr_code])) };
  };

  /** Sends a refused sale again (after the reason was dealt with). */
  const retry = (clientId: string) =>
    update((s) => ({
      ...s,
      pending: s.pending.map((p) => (p.body.client_id === clientId ? { ...p, failed: undefined } : p)),
    }));

  /** Takes a refused sale off the device (someone records it another way). */
  const dismiss = (clientId: string) =>
    update((s) => ({ ...s, pending: s.pending.filter((p) => p.body.client_id !== clientId) }));

  return { online, units, pending: stock.pending, sending, sellOffline, retry, dismiss };
}

export type DeviceStockApi = ReturnType<typeof useDeviceStock>;
