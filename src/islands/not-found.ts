/**
 * The 404 page's guesses: the entries closest to the path that was asked for. When no slug is
 * close (a link made up from an error, such as /entries/cuda-out-of-memory/), the search box
 * below is filled with the path's words, so the reader lands on results rather than on an
 * empty box.
 */
import { closestEntries, wantedName, wantedWords, type SlugRecord } from '../lib/closest.ts';

/** Fills the page's search box, unless the reader has started typing in it. */
function searchWanted() {
  const words = wantedWords(location.pathname);
  const input = document.querySelector<HTMLInputElement>('[data-search-page] [data-search-input]');
  if (!words || !input || input.value) return;
  input.value = words;
  // the search controller, once it is up, searches on input; before that, it starts with the
  // box's value
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const box = document.querySelector<HTMLElement>('[data-closest]');
if (box) {
  fetch(box.dataset.slugs!)
    .then((r) => r.json() as Promise<{ entries: SlugRecord[] }>)
    .then(({ entries }) => {
      const found = closestEntries(wantedName(location.pathname), entries);
      if (!found.length) return searchWanted();
      const list = box.querySelector('ul')!;
      for (const e of found) {
        const a = Object.assign(document.createElement('a'), { href: e.url, textContent: `${e.id} ${e.title}` });
        const li = document.createElement('li');
        li.append(a);
        list.append(li);
      }
      box.hidden = false;
    })
    .catch(searchWanted);
}
