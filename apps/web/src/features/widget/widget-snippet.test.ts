import { describe, expect, it } from 'vitest';

import { type WidgetOptions, widgetSnippet, widgetUrl } from './widget-snippet';

const options: WidgetOptions = {
  primary: '#6d28d9',
  background: '#ffffff',
  text: '#1f1b2d',
  padding: 16,
  buttonText: '',
  lang: 'de',
};

describe('widget snippet', () => {
  it('points the preview at the widget page with the chosen style', () => {
    expect(widgetUrl('https://t.example', 12, options)).toBe(
      'https://t.example/widget/12?primary=%236d28d9&background=%23ffffff&text=%231f1b2d&padding=16&lang=de',
    );
  });

  it('writes the placeholder and the script, escaping attribute values', () => {
    const html = widgetSnippet('https://t.example', 12, { ...options, buttonText: 'Get "tickets" <now>' });
    expect(html).toBe(
      '<div data-admitone-widget data-event-id="12" data-primary="#6d28d9" data-background="#ffffff" data-text="#1f1b2d" data-padding="16" data-button-text="Get &quot;tickets&quot; &lt;now&gt;" data-lang="de"></div>\n' +
        '<script src="https://t.example/widget.js" async></script>',
    );
  });

  it('leaves out empty options', () => {
    expect(widgetSnippet('https://t.example', 3, { ...options, lang: '', buttonText: ' ' })).not.toMatch(
      /data-lang|data-button-text/,
    );
  });
});
