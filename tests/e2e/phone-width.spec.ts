// Every page of the built site fits a 390 px phone: no sideways scrolling. Identifiers such as
// torch.distributed.elastic.multiprocessing.errors.ChildFailedError in a reference title or a
// FAQ question are wider than the screen, and once pushed 18 of the 87 entry pages wider.
// Code blocks and tables scroll inside their own box; that is not the page growing.
import { readdirSync } from 'node:fs';
import { test, expect } from './fixtures.ts';

const dist = new URL('../../dist/', import.meta.url).pathname;
const pagesUnder = (folder: string) =>
  readdirSync(`${dist}${folder}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `/${folder}/${d.name}/`);

const GROUPS: Record<string, () => string[]> = {
  'entry page': () => pagesUnder('entries'),
  'symptom page': () => pagesUnder('symptoms'),
  'known-issue page or upgrade page': () => [
    '/known-issues/',
    ...pagesUnder('known-issues'),
    '/versions/',
    ...pagesUnder('versions'),
  ],
  'index, category, framework or tag page': () => [
    '/',
    '/symptoms/',
    '/tags/',
    '/categories/',
    '/frameworks/',
    '/diagnose/',
    '/search/',
    '/404.html',
    // the tag pages (over 300) share one template with the category pages; only their title, the
    // tag, differs, so the longest tags stand for them all (a page takes Chromium ~150 ms)
    ...pagesUnder('tags')
      .sort((a, b) => b.length - a.length)
      .slice(0, 25),
    ...pagesUnder('categories'),
    ...pagesUnder('frameworks'),
  ],
};

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const [group, paths] of Object.entries(GROUPS)) {
    test(`no ${group} is wider than the screen`, async ({ page }) => {
      // a safety net, not a speed limit: one group is every known-issue page (over 300), about a
      // minute on a quiet machine and more than two while other work shares its two cores
      test.setTimeout(300_000);
      const list = paths();
      expect(list.length).toBeGreaterThan(5);
      const wide: string[] = [];
      for (const path of list) {
        await page.goto(path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) wide.push(`${path} (${width} px)`);
      }
      expect(wide).toEqual([]);
    });
  }
});
