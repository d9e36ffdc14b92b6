import { useState } from 'react';

/**
 * The value, or the last non-null one after it becomes null: a closing dialog keeps showing what
 * it was about during its exit animation instead of blanking out.
 */
export function useLastValue<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
