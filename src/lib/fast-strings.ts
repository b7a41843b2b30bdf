/**
 * Keeps string methods fast in the build's process.
 *
 * Astro's server runtime subclasses String (`class HTMLString extends String`, in
 * astro/dist/runtime/server/escape.js, loaded with Astro and again with each build's bundle).
 * When an object first takes String.prototype as its prototype, V8 turns String.prototype into a
 * dictionary, and optimised code can then no longer inline a method of a string: every
 * `s.charCodeAt`, `s.slice` or `s.indexOf` becomes a call to the generic property lookup. V8
 * makes a prototype fast again when a property load through an object, from a site with
 * feedback, walks past it; rendering pages does that soon enough, but validating the content
 * and syncing it run before any such load. Measured on js-yaml parsing our frontmatter, in
 * Node 24: 2.5 times slower with String.prototype as a dictionary (1.0 against 0.4 s for 3,000
 * entries' frontmatter).
 *
 * keepStringMethodsFast performs such loads (a few hundred, well under a millisecond). The
 * build calls it once, before it validates the content (faultline-content); in Node 24 a
 * prototype made fast this way stays fast when more subclasses are made later, as the build's
 * bundle does.
 */
const probe: object = Object.create(String.prototype);

/** One load site: V8 keeps feedback for it once the function has run a few times. */
function loadThrough(o: object): unknown {
  return (o as { charCodeAt: unknown }).charCodeAt;
}

export function keepStringMethodsFast(): void {
  // feedback is allocated for a function only after some calls; 200 are well past that
  for (let i = 0; i < 200; i++) loadThrough(probe);
}
