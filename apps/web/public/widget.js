/*
 * AdmitOne ticket widget. Put this where the tickets should appear:
 *   <div data-admitone-widget data-event-id="12" data-primary="#6d28d9"></div>
 *   <script src="https://tickets.example.com/widget.js" async></script>
 * Optional attributes: data-primary, data-background, data-text (colours), data-padding (pixels),
 * data-button-text, data-lang (en, de, fr, es, pt, pt-BR, zh-CN), data-title (the frame's title).
 * The iframe grows with its content: the widget posts its height, and only messages from this
 * script's own origin are believed.
 */
/* global window, document, URL */
(function () {
  'use strict';
  var script = document.currentScript;
  var origin;
  try {
    origin = new URL(script && script.src ? script.src : window.location.href).origin;
  } catch {
    return;
  }
  var PARAMS = {
    primary: 'primary',
    background: 'background',
    text: 'text',
    padding: 'padding',
    buttonText: 'button_text',
    lang: 'lang',
  };
  var frames = [];

  function mount(el) {
    if (el.getAttribute('data-admitone-mounted')) return;
    var eventId = el.getAttribute('data-event-id');
    if (!eventId || !/^\d+$/.test(eventId)) return;
    el.setAttribute('data-admitone-mounted', '1');
    var query = [];
    for (var key in PARAMS) {
      var value = el.dataset[key];
      if (value) query.push(PARAMS[key] + '=' + encodeURIComponent(value));
    }
    var frame = document.createElement('iframe');
    frame.src = origin + '/widget/' + eventId + (query.length ? '?' + query.join('&') : '');
    frame.title = el.getAttribute('data-title') || 'Ticket widget';
    frame.setAttribute('loading', 'lazy');
    frame.style.cssText =
      'display:block;width:100%;border:0;min-height:120px;height:400px;overflow:hidden;background:transparent';
    el.appendChild(frame);
    frames.push(frame);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || !event.data || event.data.type !== 'admitone:resize') return;
    var height = Number(event.data.height);
    if (!isFinite(height) || height <= 0) return;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(height) + 'px';
    }
  });

  function mountAll() {
    var nodes = document.querySelectorAll('[data-admitone-widget]');
    for (var i = 0; i < nodes.length; i++) mount(nodes[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();
