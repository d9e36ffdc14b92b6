import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';

import { DomainError } from '../../shared/errors.js';

/**
 * The strength a new password needs: zxcvbn's score 3 ("safely unguessable", about 10^8 guesses and
 * more), measured against common and leaked passwords (many languages), names, words, keyboard walks,
 * dates, repeats, and the person's own name and e-mail address.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
/** Built on first use: the dictionaries take a moment to load and only a few routes need them. */
function strength() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
  });
  return estimator;
}

/** The words of a person's name and e-mail address, which a password must not lean on. */
export function personalWords(...values: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const v of values) {
    if (!v) continue;
    const lower = v.toLowerCase();
    words.add(lower);
    for (const w of lower.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3) words.add(w);
  }
  return [...words];
}

/**
 * Refuses a password that is easy to guess, with the reason as the field's message: one of the most
 * common passwords, built on the person's own name or address, or simply too predictable.
 */
export function assertStrongPassword(password: string, personal: string[], field = 'password'): void {
  const result = strength().check(password, personal);
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const personalMatch = result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs');
  const common = result.sequence.some(
    (m) =>
      m.pattern === 'dictionary' && m.dictionaryName === 'passwords-common' && m.token.length * 2 >= password.length,
  );
  const key = personalMatch ? 'password_personal' : common ? 'password_common' : 'password_too_weak';
  throw new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key }] } });
}
