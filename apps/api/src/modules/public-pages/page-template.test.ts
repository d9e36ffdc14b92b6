import { describe, expect, it } from 'vitest';

import { pageTemplate } from './page-template.js';

const template = [
  '<!doctype html>\n<html lang="en" data-x="1">\n  <head>\n    <!--app-head-->\n    <title>AdmitOne</title>',
  '<style>.a::after{content:"…"}</style>\n  </head>\n  <body>\n    <div id="root"><!--app-html--></div>\n  </body>\n</html>',
].join('');

describe('the page template', () => {
  it('fills in the language, head, markup and data, and drops its own title', () => {
    const page = pageTemplate(template)({
      locale: 'de',
      head: { title: 'Jazz & <Blues>', tags: '<meta name="description" content="Ü" />' },
      html: '<main>€ 5</main>',
      dataJson: '{"a":1}',
    });
    expect(page.toString('utf8')).toBe(
      [
        '<!doctype html>\n<html lang="de" data-x="1">\n  <head>\n    <title>Jazz &amp; &lt;Blues&gt;</title>\n',
        '    <meta name="description" content="Ü" />\n    <style>.a::after{content:"…"}</style>\n  </head>\n  <body>\n',
        '    <div id="root"><main>€ 5</main></div>\n  <script id="admitone-data" type="application/json">{"a":1}</script>\n',
        '  </body>\n</html>',
      ].join(''),
    );
  });

  it('copies the parts as they are (no replacement patterns) and only into the template’s own places', () => {
    const fill = pageTemplate(template);
    const page = fill({
      locale: 'en',
      head: { title: "$& $' $`", tags: '<!--app-html-->' },
      html: '</body> $&',
      dataJson: '"$`"',
    }).toString('utf8');
    expect(page).toContain('<title>$&amp; $&#39; $`</title>\n    <!--app-html-->');
    expect(page).toContain(
      '<div id="root"></body> $&</div>\n  <script id="admitone-data" type="application/json">"$`"</script>',
    );
    // Each page is its own: the fixed parts are not changed by filling one in.
    expect(fill({ locale: 'fr', head: { title: '', tags: '' }, html: '', dataJson: '' }).toString('utf8')).toContain(
      '<div id="root"></div>\n  <script id="admitone-data" type="application/json"></script>\n  </body>',
    );
  });

  it('leaves out what the template has no place for', () => {
    const page = pageTemplate('<html lang="fr"><body><!--app-html--></body></html>');
    expect(page({ locale: 'de', head: { title: 'T', tags: '' }, html: '<p/>', dataJson: '{}' }).toString()).toBe(
      '<html lang="fr"><body><p/><script id="admitone-data" type="application/json">{}</script>\n  </body></html>',
    );
  });
});
