import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Components render their English source messages; tests never load the .po catalogs.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// The files of a worker share one window (isolate: false in vitest.config.ts): each starts at the
// address a fresh window has, whatever the file before it opened.
beforeAll(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost:3000/');
  // A page shown anew: nothing is being left (lib/page-leave.ts).
  window.dispatchEvent(new Event('pageshow'));
  if (i18n.locale !== 'en') i18n.activate('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
