/**
 * Intl formatters are slow to build (about a millisecond each) and a page or a sell-out's mails use
 * the same few thousands of times: they are kept per key (locale, currency, time zone) in a bounded
 * cache that starts again when full.
 */
export function memoByKey<T>(make: (key: string) => T, limit = 500): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      if (made.size >= limit) made.clear();
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
