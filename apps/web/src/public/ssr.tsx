/**
 * Server rendering of the buyer pages (built with `vite build --ssr` into dist-ssr/ssr.js). The API
 * server puts `html` into public.html's `<!--app-html-->`; the client hydrates the same tree.
 */
import type { Locale, PublicEventDto } from '@admitone/shared';
import { i18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { renderToString } from 'react-dom/server';

import { ServerLocationProvider } from '../lib/history-navigation';
import { messages as de } from '../locales/de/messages.po';
import { messages as en } from '../locales/en/messages.po';
import { messages as es } from '../locales/es/messages.po';
import { messages as fr } from '../locales/fr/messages.po';
import { messages as pt } from '../locales/pt/messages.po';
import { messages as ptBR } from '../locales/pt-BR/messages.po';
import { messages as zhCN } from '../locales/zh-CN/messages.po';
import { PublicApp } from './PublicApp';

const catalogs: Record<Locale, Messages> = { en, de, fr, es, pt, 'pt-BR': ptBR, 'zh-CN': zhCN };
i18n.load(catalogs);
if (__ADMITONE_COMPILE_MESSAGES__) i18n.setMessagesCompiler(compileMessage);

export interface RenderInput {
  /** The request's path and query ("/event/12/riverside-open-air?promo_code=JAZZ10"). */
  url: string;
  /** The public event (null: not found, rendered as the not-found screen). */
  event: PublicEventDto | null;
  locale: Locale;
}

/** Renders a buyer page to HTML, synchronously. */
export function render({ url, event, locale }: RenderInput): { html: string } {
  i18n.activate(catalogs[locale] ? locale : 'en');
  const html = renderToString(
    <ServerLocationProvider url={url}>
      <PublicApp initialEvent={event} />
    </ServerLocationProvider>,
  );
  return { html };
}
