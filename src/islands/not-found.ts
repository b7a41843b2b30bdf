/** The 404 page's guesses: the entries closest to the path that was asked for. */
import { closestEntries, wantedName, type SlugRecord } from '../lib/closest.ts';

const box = document.querySelector<HTMLElement>('[data-closest]');
if (box) {
  fetch(box.dataset.slugs!)
    .then((r) => r.json() as Promise<{ entries: SlugRecord[] }>)
    .then(({ entries }) => {
      const found = closestEntries(wantedName(location.pathname), entries);
      if (!found.length) return;
      const list = box.querySelector('ul')!;
      for (const e of found) {
        const a = Object.assign(document.createElement('a'), { href: e.url, textContent: `${e.id} ${e.title}` });
        const li = document.createElement('li');
        li.append(a);
        list.append(li);
      }
      box.hidden = false;
    })
    .catch(() => undefined);
}
