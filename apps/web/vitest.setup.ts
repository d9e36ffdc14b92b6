import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Components render their English source messages; tests never load the .po catalogs.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// Each file starts at the address a fresh window has, in English, with nothing being left.
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
