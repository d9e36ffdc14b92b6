import { checkMark, CHOSEN_OUTLINE, TAKEN_CROSS, TAKEN_FILL } from './SeatMapLayers';

/**
 * A seat as the map draws it, for the legend: free in a colour, a wheelchair space (ringed), taken (grey, crossed out),
 * or chosen (checked).
 */
export function SeatMark({ state, colour }: { state: 'free' | 'taken' | 'chosen' | 'wheelchair'; colour?: string }) {
  return (
    <svg width={18} height={18} viewBox="-10 -10 20 20" aria-hidden style={{ flex: 'none' }}>
      {state === 'free' ? <circle r={8} fill={colour} /> : null}
      {state === 'wheelchair' ? (
        <>
          <circle r={8} fill={colour} />
          <circle r={4} fill="none" stroke="#ffffff" strokeWidth={1.8} />
        </>
      ) : null}
      {state === 'taken' ? (
        <>
          <circle r={8} fill={TAKEN_FILL} />
          <path d="M-4 -4L4 4M4 -4L-4 4" stroke={TAKEN_CROSS} strokeWidth={2} />
        </>
      ) : null}
      {state === 'chosen' ? (
        <>
          <circle r={7.5} fill={colour} stroke={CHOSEN_OUTLINE} strokeWidth={2.5} />
          <path
            d={checkMark(0, 0, 7)}
            fill="none"
            stroke="#ffffff"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      ) : null}
    </svg>
  );
}
