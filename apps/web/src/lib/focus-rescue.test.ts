import { afterEach, describe, expect, it } from 'vitest';

import { rescueLostFocus } from './focus-rescue';

const mutationsDone = () => new Promise((resolve) => setTimeout(resolve, 0));
let stop = () => {};

afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('rescueLostFocus', () => {
  it('returns focus to the opener while it is on the page, then to the main heading once it is gone', async () => {
    document.body.innerHTML =
      '<main><h1>Tickets</h1><div id="empty"><button id="opener">Create ticket</button></div></main>';
    const opener = document.getElementById('opener')!;
    stop = rescueLostFocus({ preferred: opener });
    expect(document.activeElement).toBe(opener);
    document
      .getElementById('empty')!
      .replaceWith(Object.assign(document.createElement('ul'), { innerHTML: '<li>Pass</li>' }));
    await mutationsDone();
    const heading = document.querySelector('h1')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves focus that is somewhere on the page alone', async () => {
    document.body.innerHTML = '<main><h1>Events</h1><input id="search" /></main>';
    document.getElementById('search')!.focus();
    stop = rescueLostFocus();
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p>More</p>');
    await mutationsDone();
    expect(document.activeElement?.id).toBe('search');
  });

  it('stops watching once the user clicks', async () => {
    document.body.innerHTML = '<main><p>Loading</p></main>';
    stop = rescueLostFocus();
    document.dispatchEvent(new Event('pointerdown'));
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<h1>Summary</h1>');
    await mutationsDone();
    expect(document.activeElement).toBe(document.body);
  });
});
