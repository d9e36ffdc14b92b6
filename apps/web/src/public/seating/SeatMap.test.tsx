import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { indexSeating } from './seat-index';
import { smallPlan } from './seating-fixtures';
import { SeatMap } from './SeatMap';

const plan = smallPlan();
const index = indexSeating(plan);

function setup() {
  const onToggle = vi.fn();
  renderWithProviders(
    <SeatMap
      plan={plan}
      index={index}
      colours={['#7048e8', '#1c7ed6', '#f08c00']}
      isFree={() => true}
      chosen={[index.seats[index.byId.get(111)!]!]}
      onToggle={onToggle}
      describe={(seat) => seat.number}
    />,
  );
  const svg = screen.getByTestId('seat-map-plan');
  const view = () => svg.getAttribute('data-view')!.split(' ').map(Number) as [number, number, number];
  /** Where a plan point is in the frame now. */
  const at = (x: number, y: number) => {
    const [tx, ty, scale] = view();
    return { clientX: tx + x * scale, clientY: ty + y * scale };
  };
  return { onToggle, svg, view, at };
}

describe('SeatMap', () => {
  it('chooses the seat tapped, and pans on a drag without choosing', () => {
    const { onToggle, svg, view, at } = setup();
    fireEvent.pointerDown(svg, { pointerId: 1, button: 0, pointerType: 'touch', ...at(130, 100) });
    fireEvent.pointerUp(svg, { pointerId: 1, button: 0, pointerType: 'touch', ...at(130, 100) });
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onToggle.mock.calls[0]![0]).toMatchObject({ id: 102 });

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    const before = view();
    const start = at(130, 100);
    fireEvent.pointerDown(svg, { pointerId: 2, button: 0, pointerType: 'mouse', ...start });
    fireEvent.pointerMove(svg, {
      pointerId: 2,
      pointerType: 'mouse',
      clientX: start.clientX + 40,
      clientY: start.clientY,
    });
    fireEvent.pointerUp(svg, {
      pointerId: 2,
      pointerType: 'mouse',
      clientX: start.clientX + 40,
      clientY: start.clientY,
    });
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(view()[0]).toBeCloseTo(before[0] + 40);
  });

  it('draws taken seats apart, the chosen ones checked, and zooms with the buttons', () => {
    const { svg, view } = setup();
    expect(svg.querySelectorAll('[data-layer="free"]')).toHaveLength(3);
    expect(document.querySelector('[data-seat-chosen="111"]')).toBeTruthy();
    const [, , scale] = view();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(view()[2]).toBeCloseTo(scale * 1.5);
    fireEvent.click(screen.getByRole('button', { name: 'Show the whole plan' }));
    expect(view()[2]).toBeCloseTo(scale);
  });

  it('zooms with two fingers apart, and chooses nothing', () => {
    const { onToggle, svg, view } = setup();
    const [, , scale] = view();
    fireEvent.pointerDown(svg, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerDown(svg, { pointerId: 2, pointerType: 'touch', clientX: 140, clientY: 100 });
    fireEvent.pointerMove(svg, { pointerId: 2, pointerType: 'touch', clientX: 180, clientY: 100 });
    fireEvent.pointerUp(svg, { pointerId: 2, pointerType: 'touch', clientX: 180, clientY: 100 });
    fireEvent.pointerUp(svg, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    expect(view()[2]).toBeCloseTo(scale * 2);
    expect(onToggle).not.toHaveBeenCalled();
  });
});
