import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';

import { withCategorySeats } from './seat-choice';
import type { SeatInfo } from './seat-index';
import { fetchBestSeats } from './seating-api';
import type { SeatPickerModel } from './use-seat-picker';

type Model = Pick<SeatPickerModel, 'plan' | 'index' | 'lines' | 'choose'>;

/** The largest party best available finds at once (more: choose on the plan). */
const BEST_MAX = 10;

interface BestAvailableFormProps extends Model {
  eventId: number;
  dateId: number;
  currency: string;
  /** The seats found, to bring into view and announce. */
  onFound: (seats: SeatInfo[]) => void;
}

/** "Best available": a category and how many, and the server's best seats of it chosen (the buyer may change them). */
export const BestAvailableForm = memo(function BestAvailableForm({
  plan,
  index,
  lines,
  choose,
  eventId,
  dateId,
  currency,
  onFound,
}: BestAvailableFormProps) {
  const { t, i18n } = useLingui();
  const sold = useMemo(() => {
    const seated = new Set(index?.seats.map((s) => s.category));
    return (plan?.categories ?? [])
      .map((c, i) => ({ name: c.name, index: i, line: lines[i] }))
      .filter((c) => c.line && seated.has(c.index));
  }, [plan, index, lines]);
  const [category, setCategory] = useState<string>('');
  const [quantity, setQuantity] = useState('2');
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  if (!index || sold.length === 0) return null;
  const chosen = sold.find((c) => c.name === category) ?? sold[0]!;

  const find = async () => {
    setPending(true);
    setNote(null);
    try {
      const ids = await fetchBestSeats(eventId, dateId, chosen.name, Number(quantity), i18n.locale);
      if (!ids.length) {
        const name = chosen.name;
        setNote(t`Not that many seats are free in ${name}. Try fewer, or another category.`);
        return;
      }
      choose((places) => withCategorySeats(places, index, chosen.index, ids));
      onFound(ids.map((id) => index.byId.get(id)).flatMap((i) => (i === undefined ? [] : [index.seats[i]!])));
    } catch {
      setNote(t`Could not find seats just now. Please try again.`);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void find();
      }}
      aria-label={t`Best available seats`}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t`Category`}
          value={chosen.name}
          onChange={(e) => setCategory(e.currentTarget.value)}
          data={sold.map((c) => ({
            value: c.name,
            label: `${c.name} – ${formatMoney(c.line!.price, currency, i18n.locale)}`,
          }))}
          style={{ flex: '1 1 10rem' }}
        />
        <NativeSelect
          label={t`Seats`}
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value)}
          data={Array.from({ length: BEST_MAX }, (_, i) => String(i + 1))}
          w="5rem"
        />
        <Button type="submit" variant="light" loading={pending} leftSection={<IconSparkles size={16} aria-hidden />}>
          <Trans>Best available</Trans>
        </Button>
      </Group>
      <div aria-live="polite">
        {note ? (
          <Text size="sm" c="var(--mantine-color-error)" mt={4}>
            {note}
          </Text>
        ) : null}
      </div>
    </form>
  );
});
